import { Field, makeStyles, Select, tokens } from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Objective } from '@contracts/okrs';
import { FormAlert } from '@/components/FormAlert';
import type { ApiError } from '@/lib/http';
import { okrsApi } from '../api';
import { okrKeys } from '../keys';
import { useOkrMutation } from './ObjectiveBits';
import { FormDialog } from '@/components/FormDialog';
import { column } from '@/lib/styles';
import { TextField } from '@/components/TextField';

const useStyles = makeStyles({
  form: { ...column, gap: tokens.spacingVerticalM },
});

/**
 * Align an objective under a parent objective or key result of its workspace, with a weight.
 * The server refuses a loop with a message, shown here.
 */
export function AlignDialog({ objective, onClose }: { objective: Objective; onClose: () => void }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const workspaceId = objective.workspace_id;
  const list = useQuery({
    queryKey: okrKeys.list(workspaceId, { status: 'open', sort: 'name', direction: 'asc' }),
    queryFn: () => okrsApi.list(workspaceId, { status: 'open', sort: 'name', direction: 'asc' }),
  });
  const keyResults = useQuery({
    queryKey: okrKeys.keyResults(workspaceId),
    queryFn: () => okrsApi.keyResults(workspaceId),
  });
  const [parent, setParent] = useState('');
  const [weight, setWeight] = useState('1');
  const align = useOkrMutation(() => {
    const [kind, id] = parent.split(':');
    return okrsApi.align(objective.id, {
      ...(kind === 'objective' ? { parent_objective_id: Number(id) } : {}),
      ...(kind === 'key_result' ? { parent_key_result_id: Number(id) } : {}),
      weight: Number(weight),
    });
  });
  const error = align.error as ApiError | null;
  const submit = () => {
    align.mutate(undefined, { onSuccess: onClose });
  };
  const objectives = (list.data?.objectives ?? []).filter((o) => o.id !== objective.id);
  const krs = (keyResults.data?.key_results ?? []).filter((k) => k.objective_id !== objective.id);
  return (
    <FormDialog
      title={t('okrs:align.title', { name: objective.name })}
      onSubmit={submit}
      contentClassName={styles.form}
      onClose={onClose}
      submitLabel={t('okrs:align.save')}
      submitDisabled={align.isPending || parent === ''}
    >
      <FormAlert error={error} />
      <Field label={t('okrs:align.parent')} required>
        <Select value={parent} onChange={(_, d) => setParent(d.value)} required>
          <option value="">{t('okrs:align.choose')}</option>
          <optgroup label={t('okrs:align.objectives')}>
            {objectives.map((o) => (
              <option key={o.id} value={`objective:${o.id}`}>
                {o.name}
              </option>
            ))}
          </optgroup>
          <optgroup label={t('okrs:align.key_results')}>
            {krs.map((k) => (
              <option key={k.id} value={`key_result:${k.id}`}>
                {`${k.objective.name} › ${k.name}`}
              </option>
            ))}
          </optgroup>
        </Select>
      </Field>
      <TextField
        label={t('okrs:fields.weight')}
        hint={t('okrs:align.weight_hint')}
        validationMessage={error?.fields.weight?.[0]}
        type="number"
        step="any"
        min={0.1}
        value={weight}
        onChange={setWeight}
      />
    </FormDialog>
  );
}
