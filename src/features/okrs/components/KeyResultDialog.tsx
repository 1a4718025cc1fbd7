import { Field, makeStyles, Switch, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { KeyResult, KeyResultKind } from '@contracts/okrs';
import { FormAlert } from '@/components/FormAlert';
import type { ApiError } from '@/lib/http';
import { okrsApi } from '../api';
import {
  KeyResultKindField,
  keyResultValuesBody,
  keyResultValuesOf,
  KeyResultValueFields,
  NameField,
} from './KeyResultFields';
import { useOkrMutation } from './ObjectiveBits';
import { useDiscardGuard } from '@/components/discard-guard';
import { FormDialog } from '@/components/FormDialog';
import { column, fieldGrid } from '@/lib/styles';

const useStyles = makeStyles({
  form: { ...column, gap: tokens.spacingVerticalM },
  values: { ...fieldGrid('110px'), gap: tokens.spacingHorizontalS },
});

/** Kinds whose value can follow linked tasks as they are done (not the limits). */
const followsTasks = (kind: KeyResultKind) => kind !== 'stay_above' && kind !== 'stay_below';

/** Adds a key result to an objective, or changes one (`keyResult`). */
export function KeyResultDialog({
  objectiveId,
  keyResult,
  onClose,
}: {
  objectiveId: number;
  keyResult?: KeyResult;
  onClose: () => void;
}) {
  const styles = useStyles();
  const { t } = useTranslation();
  const [name, setName] = useState(keyResult?.name ?? '');
  const [values, setValues] = useState(() => keyResultValuesOf(keyResult));
  const change = (c: Partial<typeof values>) => setValues((v) => ({ ...v, ...c }));
  const { kind } = values;
  const [fromTasks, setFromTasks] = useState(keyResult?.progress_from_tasks ?? false);
  const add = useOkrMutation(() => {
    const body = {
      name: name.trim(),
      ...keyResultValuesBody(values),
      unit: values.unit.trim() || null,
      progress_from_tasks: followsTasks(kind) && fromTasks,
    };
    return keyResult
      ? okrsApi.updateKeyResult(keyResult.id, body)
      : okrsApi.addKeyResult(objectiveId, body);
  });
  const error = add.error as ApiError | null;
  const fieldError = (field: string) => error?.fields[field]?.[0];
  const submit = () => {
    add.mutate(undefined, { onSuccess: onClose });
  };
  const guard = useDiscardGuard(name.trim() !== (keyResult?.name ?? ''), onClose);
  return (
    <FormDialog
      guard={guard}
      title={keyResult ? t('okrs:actions.edit_key_result') : t('okrs:actions.add_key_result')}
      onSubmit={submit}
      contentClassName={styles.form}
      onClose={onClose}
      submitLabel={t('okrs:actions.save')}
      submitDisabled={add.isPending}
    >
      <FormAlert error={error} />
      <NameField value={name} validationMessage={fieldError('name')} onChange={setName} />
      <KeyResultKindField kind={kind} onChange={(k) => change({ kind: k })} />
      <div className={styles.values}>
        <KeyResultValueFields values={values} onChange={change} error={fieldError} />
      </div>
      {followsTasks(kind) && (
        <Field
          hint={t('okrs:fields.progress_from_tasks_hint')}
          validationMessage={fieldError('progress_from_tasks')}
        >
          <Switch
            checked={fromTasks}
            label={t('okrs:fields.progress_from_tasks')}
            onChange={(_, d) => setFromTasks(d.checked)}
          />
        </Field>
      )}
    </FormDialog>
  );
}
