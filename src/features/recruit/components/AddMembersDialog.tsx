import { makeStyles, Text, tokens } from '@fluentui/react-components';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDiscardGuard } from '@/components/discard-guard';
import { FormAlert } from '@/components/FormAlert';
import { PeoplePicker } from '@/components/PeoplePicker';
import { workspaceKeys, workspacesApi } from '@/features/workspaces';
import { withApiError, type ApiError } from '@/lib/http';
import { notify } from '@/lib/notify';
import { recruitApi, type JobCandidate } from '../api';
import { useRecruitRefresh } from '../hooks';
import { FormDialog } from '@/components/FormDialog';
import { column } from '@/lib/styles';
import type { DialogOpenProps } from '@/components/dialog-props';

const useStyles = makeStyles({
  body: { ...column, gap: tokens.spacingVerticalM },
  muted: { color: tokens.colorNeutralForeground3 },
});

/** Adds Teamloop members of the workspace to the job as candidates, from their profiles. */
export function AddMembersDialog({
  jobId,
  workspaceId,
  existing,
  open,
  onClose,
}: { jobId: number; workspaceId: number; existing: JobCandidate[] } & DialogOpenProps) {
  const styles = useStyles();
  const { t } = useTranslation();
  const refresh = useRecruitRefresh();
  const [selected, setSelected] = useState<number[]>([]);
  const members = useQuery({
    queryKey: workspaceKeys.members(workspaceId),
    queryFn: () => workspacesApi.members(workspaceId),
    enabled: open,
  });
  const inJob = new Set(existing.map((c) => c.candidate.user_id).filter((id) => id !== null));
  const people = (members.data ?? [])
    .filter((person) => !person.is_shadow && !inJob.has(person.id))
    .map((person) => ({ id: person.id, name: person.name }));
  const close = () => {
    setSelected([]);
    add.reset();
    onClose();
  };
  const add = useMutation<JobCandidate[], ApiError>({
    mutationFn: () => withApiError(() => recruitApi.addFromProfiles(jobId, selected)),
    onSuccess: (added) => {
      notify({
        intent: 'success',
        text: t('recruit:board.members_added', { count: added.length }),
      });
      void refresh();
      close();
    },
  });
  const guard = useDiscardGuard(selected.length > 0, close);
  return (
    <FormDialog
      open={open}
      guard={guard}
      title={t('recruit:board.add_members')}
      onSubmit={() => {
        if (selected.length > 0) add.mutate();
      }}
      contentClassName={styles.body}
      onClose={close}
      submitLabel={t('recruit:board.add')}
      submitDisabled={selected.length === 0 || add.isPending}
    >
      <Text className={styles.muted}>{t('recruit:board.add_members_hint')}</Text>
      <FormAlert error={add.error} />
      <PeoplePicker
        label={t('recruit:board.members')}
        people={people}
        selected={selected}
        onChange={setSelected}
      />
    </FormDialog>
  );
}
