import { makeStyles, Spinner } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';

const useStyles = makeStyles({
  root: { display: 'flex', justifyContent: 'center', alignItems: 'center', minHeight: '40vh' },
});

export function FullPageSpinner({ label }: { label?: string }) {
  const styles = useStyles();
  const { t } = useTranslation();
  return (
    <div className={styles.root}>
      <Spinner label={label ?? t('app:loading')} />
    </div>
  );
}
