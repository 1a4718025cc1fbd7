import {
  Button,
  ColorSwatch,
  Divider,
  Field,
  Input,
  makeStyles,
  Switch,
  SwatchPicker,
  Text,
  tokens,
} from '@fluentui/react-components';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  CARD_COLORS,
  MEMBER_ACCESS_KEYS,
  type MemberAccessKey,
  type Workspace,
} from '@contracts/workspaces';
import { fieldError } from '@/components/FormAlert';
import { withApiError, type ApiError } from '@/lib/http';
import { refreshWorkspaces, workspacesApi } from '../api';
import { useConfirm } from '@/components/ConfirmDialog';
import { DateField } from '@/components/DateField';
import { SimpleDialog } from '@/components/SimpleDialog';
import { StrategyField, type FormationStrategy } from '../generalized/StrategyField';
import { column } from '@/lib/styles';
import type { DialogOpenProps } from '@/components/dialog-props';

const useStyles = makeStyles({
  content: { ...column, gap: tokens.spacingVerticalM },
  swatches: { flexWrap: 'wrap' },
  danger: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  details: { ...column, gap: tokens.spacingVerticalS },
  dates: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalM,
    '& > *': { flexGrow: 1, flexBasis: '10rem', minWidth: 0 },
  },
});

/** The workspace's name and dates, saved together. */
function DetailsForm({ workspace, onSaved }: { workspace: Workspace; onSaved: () => unknown }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const [name, setName] = useState(workspace.name);
  const [start, setStart] = useState(workspace.start_date ?? '');
  const [end, setEnd] = useState(workspace.end_date ?? '');
  const save = useMutation<unknown, ApiError>({
    mutationFn: () =>
      withApiError(() =>
        workspacesApi.update(workspace.id, {
          name: name.trim(),
          start_date: start || null,
          end_date: end || null,
        }),
      ),
    onSuccess: onSaved,
  });
  const changed =
    name.trim() !== workspace.name ||
    start !== (workspace.start_date ?? '') ||
    end !== (workspace.end_date ?? '');
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  return (
    <form className={styles.details} onSubmit={onSubmit}>
      <Field
        label={t('workspaces:create.name')}
        required
        validationMessage={fieldError(save.error, 'name')}
      >
        <Input value={name} onChange={(_e, data) => setName(data.value)} />
      </Field>
      <div className={styles.dates}>
        <DateField
          label={t('workspaces:create.start_date')}
          validationMessage={fieldError(save.error, 'start_date')}
          value={start}
          onChange={setStart}
        />
        <DateField
          label={t('workspaces:create.end_date')}
          validationMessage={fieldError(save.error, 'end_date')}
          value={end}
          onChange={setEnd}
        />
      </div>
      <div>
        <Button type="submit" appearance="primary" disabled={!changed || save.isPending}>
          {t('workspaces:settings.save_details')}
        </Button>
      </div>
    </form>
  );
}

type LifecycleStep = 'archive' | 'restore' | 'remove';

/** Settings of a workspace: colour, what members may do, archive, restore and delete. */
export function WorkspaceSettingsDialog({
  workspace,
  open,
  onClose,
}: { workspace: Workspace } & DialogOpenProps) {
  const styles = useStyles();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { abilities } = workspace;
  const [confirm, confirmDialog] = useConfirm();
  const archived = workspace.status === 'archived';
  const editable = abilities.update_workspace && !archived;
  const done = () => refreshWorkspaces(queryClient);

  const color = useMutation({
    mutationFn: (value: string) => workspacesApi.setColor(workspace.id, value),
    onSuccess: done,
  });
  const access = useMutation({
    mutationFn: (change: Partial<Record<MemberAccessKey, boolean>>) =>
      workspacesApi.setMemberAccess(workspace.id, change),
    onSuccess: done,
  });
  const strategy = useMutation({
    mutationFn: (value: FormationStrategy | null) =>
      workspacesApi.setTeamFormationStrategy(workspace.id, value),
    onSuccess: done,
  });
  const lifecycle = useMutation<unknown, Error, LifecycleStep>({
    mutationFn: (action) => workspacesApi[action](workspace.id),
    onSuccess: async (_data, action) => {
      await done();
      if (action !== 'restore') {
        onClose();
        navigate('/workspaces');
      }
    },
  });
  /** A step that ends the workspace's use (archive, delete), taken once the person agrees. */
  const confirmThen = (message: string, confirmLabel: string, step: LifecycleStep) => async () => {
    if (await confirm({ message, confirmLabel })) lifecycle.mutate(step);
  };

  return (
    <SimpleDialog
      open={open}
      onClose={onClose}
      title={t('workspaces:settings.title', { name: workspace.name })}
      contentClassName={styles.content}
      nested={confirmDialog}
      actions={
        <>
          <Button appearance="primary" onClick={onClose}>
            {t('workspaces:settings.close')}
          </Button>
        </>
      }
    >
      {editable && <DetailsForm workspace={workspace} onSaved={done} />}
      <Field label={t('workspaces:create.color')}>
        <SwatchPicker
          aria-label={t('workspaces:create.color')}
          className={styles.swatches}
          selectedValue={workspace.schema.color ?? ''}
          onSelectionChange={(_event, data) => editable && color.mutate(data.selectedValue)}
        >
          {CARD_COLORS.map((value) => (
            <ColorSwatch
              key={value}
              color={value}
              value={value}
              aria-label={value}
              disabled={!editable}
            />
          ))}
        </SwatchPicker>
      </Field>
      <Divider />
      <Text weight="semibold">{t('workspaces:settings.member_access')}</Text>
      {MEMBER_ACCESS_KEYS.map((key) => (
        <Switch
          key={key}
          label={t(`workspaces:member_access.${key}`)}
          checked={workspace.member_access[key] === true}
          disabled={!editable || access.isPending}
          onChange={(_event, data) => access.mutate({ [key]: data.checked })}
        />
      ))}
      {abilities.form_teams && (
        <StrategyField
          value={workspace.team_formation_strategy ?? null}
          disabled={archived || strategy.isPending}
          onChange={(value) => strategy.mutate(value)}
        />
      )}
      <Divider />
      <div className={styles.danger}>
        {abilities.archive_workspace && !archived && (
          <Button
            disabled={lifecycle.isPending}
            onClick={confirmThen(
              t('workspaces:actions.archive_confirm', { name: workspace.name }),
              t('workspaces:actions.archive'),
              'archive',
            )}
          >
            {t('workspaces:actions.archive')}
          </Button>
        )}
        {abilities.archive_workspace && archived && (
          <Button disabled={lifecycle.isPending} onClick={() => lifecycle.mutate('restore')}>
            {t('workspaces:actions.restore')}
          </Button>
        )}
        {abilities.delete_workspace && (
          <Button
            disabled={!archived || lifecycle.isPending}
            title={archived ? undefined : t('workspaces:settings.delete_hint')}
            onClick={confirmThen(
              t('workspaces:actions.delete_confirm', { name: workspace.name }),
              t('workspaces:actions.delete'),
              'remove',
            )}
          >
            {t('workspaces:actions.delete')}
          </Button>
        )}
      </div>
      {abilities.delete_workspace && !archived && (
        <Text size={200}>{t('workspaces:settings.delete_hint')}</Text>
      )}
    </SimpleDialog>
  );
}
