import { Button, makeStyles, Text, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { WorkspaceType } from '@contracts/workspaces';
import { FormAlert } from '@/components/FormAlert';
import { RouterButton } from '@/components/RouterLink';
import { BasicInformationFields } from './BasicInformationFields';
import { useCreateWorkspaceForm } from './use-create-workspace';
import { column } from '@/lib/styles';

const useStyles = makeStyles({
  root: {
    ...column,
    gap: tokens.spacingVerticalL,
    maxWidth: '640px',
    padding: tokens.spacingHorizontalL,
  },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS },
});

/** A workspace of one type created on its own page (the named routes workspaces-course and -general). */
export function CreateWorkspaceForm({ type }: { type: WorkspaceType }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const { value, setValue, create, onSubmit } = useCreateWorkspaceForm(type);
  const general =
    create.error && Object.keys(create.error.fields).length === 0 ? create.error : null;
  return (
    <form className={styles.root} onSubmit={onSubmit} noValidate>
      <Text as="h1" size={600} weight="semibold">
        {t('workspaces:create.page_title', { type: t(`workspaces:types.${type}`) })}
      </Text>
      <FormAlert error={general} />
      <BasicInformationFields value={value} onChange={setValue} error={create.error} />
      <div className={styles.actions}>
        <Button type="submit" appearance="primary" disabled={create.isPending}>
          {t('workspaces:create.submit')}
        </Button>
        <RouterButton to="/workspaces">{t('app:actions.cancel')}</RouterButton>
      </div>
    </form>
  );
}

export function CreateCourseWorkspacePage() {
  return <CreateWorkspaceForm type="course" />;
}

export function CreateGeneralWorkspacePage() {
  return <CreateWorkspaceForm type="general" />;
}
