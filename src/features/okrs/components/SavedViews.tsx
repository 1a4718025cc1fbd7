import {
  Button,
  makeStyles,
  MenuDivider,
  MenuItem,
  Text,
  tokens,
} from '@fluentui/react-components';
import { BookmarkRegular, DeleteRegular, SaveRegular } from '@fluentui/react-icons';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ObjectiveBoardViewConfig } from '@contracts/okrs';
import { FormAlert } from '@/components/FormAlert';
import type { ApiError } from '@/lib/http';
import { okrsApi, type SavedObjectiveView } from '../api';
import { okrKeys } from '../keys';
import { useOkrMutation } from './ObjectiveBits';
import { FormDialog } from '@/components/FormDialog';
import { column } from '@/lib/styles';
import { ButtonMenu } from '@/components/ButtonMenu';
import { TextField } from '@/components/TextField';

const useStyles = makeStyles({
  form: { ...column, gap: tokens.spacingVerticalM },
  list: { margin: 0, padding: 0, listStyleType: 'none' },
  item: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  name: { flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' },
});

/**
 * A person's saved views of the objectives section (board views of kind objectives): apply
 * one from the menu, save the current view and filters under a name, delete old ones.
 */
export function SavedViews({
  workspaceId,
  current,
  onApply,
}: {
  workspaceId: number;
  current: ObjectiveBoardViewConfig;
  onApply: (view: SavedObjectiveView) => void;
}) {
  const styles = useStyles();
  const { t } = useTranslation();
  const [saving, setSaving] = useState(false);
  const [name, setName] = useState('');
  const views = useQuery({
    queryKey: okrKeys.boardViews(workspaceId),
    queryFn: () => okrsApi.savedViews(workspaceId),
  });
  const save = useOkrMutation(() => okrsApi.saveView(workspaceId, name.trim(), current));
  const remove = useOkrMutation((id: number) => okrsApi.removeView(id));
  const submit = () => {
    save.mutate(undefined, {
      onSuccess: () => {
        setName('');
        setSaving(false);
      },
    });
  };
  const saved = views.data ?? [];
  return (
    <>
      <ButtonMenu
        trigger={
          <Button appearance="subtle" icon={<BookmarkRegular />}>
            {t('okrs:views.saved')}
          </Button>
        }
      >
        {saved.length === 0 && <MenuItem disabled>{t('okrs:views.none')}</MenuItem>}
        {saved.map((view) => (
          <MenuItem key={view.id} onClick={() => onApply(view)}>
            {view.name}
          </MenuItem>
        ))}
        <MenuDivider />
        <MenuItem icon={<SaveRegular />} onClick={() => setSaving(true)}>
          {t('okrs:views.save')}
        </MenuItem>
      </ButtonMenu>
      <FormDialog
        open={saving}
        title={t('okrs:views.save')}
        onSubmit={submit}
        contentClassName={styles.form}
        onClose={() => setSaving(false)}
        submitLabel={t('okrs:actions.save')}
        submitDisabled={!name.trim() || save.isPending}
      >
        <FormAlert error={(save.error ?? remove.error) as ApiError | null} />
        <TextField
          label={t('okrs:views.name')}
          required
          value={name}
          maxLength={100}
          onChange={setName}
        />
        {saved.length > 0 && (
          <>
            <Text weight="semibold">{t('okrs:views.saved')}</Text>
            <ul className={styles.list}>
              {saved.map((view) => (
                <li key={view.id} className={styles.item}>
                  <Text className={styles.name}>{view.name}</Text>
                  <Button
                    size="small"
                    appearance="subtle"
                    icon={<DeleteRegular />}
                    aria-label={t('okrs:views.delete', { name: view.name })}
                    disabled={remove.isPending}
                    onClick={() => remove.mutate(view.id)}
                  />
                </li>
              ))}
            </ul>
          </>
        )}
      </FormDialog>
    </>
  );
}
