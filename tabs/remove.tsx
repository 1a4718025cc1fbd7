import { pages } from '@microsoft/teams-js';
import { makeStyles, Text, Title3, tokens } from '@fluentui/react-components';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { startTabPage } from './page';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, padding: '20px' },
});

/** Shown when someone removes the channel tab: nothing of ours is deleted with it. */
function RemovePage() {
  const { t } = useTranslation();
  const styles = useStyles();
  useEffect(() => {
    pages.config.registerOnRemoveHandler((removeEvent) => removeEvent.notifySuccess());
    pages.config.setValidityState(true);
  }, []);
  return (
    <main className={styles.root}>
      <Title3 as="h1">{t('teams-host:tab.remove_title')}</Title3>
      <Text>{t('teams-host:tab.remove_text')}</Text>
    </main>
  );
}

void startTabPage(RemovePage, { signIn: false });
