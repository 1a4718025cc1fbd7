import { Field, makeStyles, Slider, Switch, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CHECK_IN_STATUSES, type CheckInStatus, type KeyResult } from '@contracts/okrs';
import { FormAlert } from '@/components/FormAlert';
import type { ApiError } from '@/lib/http';
import { okrsApi } from '../api';
import { statusKey, useOkrMutation } from './ObjectiveBits';
import { useDiscardGuard } from '@/components/discard-guard';
import { FormDialog } from '@/components/FormDialog';
import { column } from '@/lib/styles';
import { TextField } from '@/components/TextField';
import { TextareaField } from '@/components/TextareaField';
import { RadioField } from '@/components/RadioField';

const useStyles = makeStyles({
  form: { ...column, gap: tokens.spacingVerticalM },
});

/**
 * A check-in on a key result (spec 7.2 key-results/:id/answer): the new value, a status spelled
 * as the spec has them, a confidence from 1 to 10 and a note.
 */
export function CheckInDialog({
  keyResult,
  onClose,
}: {
  keyResult: KeyResult;
  onClose: () => void;
}) {
  const styles = useStyles();
  const { t } = useTranslation();
  const [value, setValue] = useState(String(keyResult.current_value));
  const [status, setStatus] = useState<CheckInStatus>(keyResult.status ?? 'on trace');
  const [confidence, setConfidence] = useState(keyResult.confidence ?? 7);
  const [note, setNote] = useState('');
  const [localError, setLocalError] = useState<string | null>(null);
  const save = useOkrMutation(() =>
    okrsApi.checkIn(keyResult.id, {
      value: Number(value),
      status,
      confidence,
      ...(note.trim() ? { note: note.trim() } : {}),
    }),
  );
  const submit = () => {
    if (value.trim() === '' || !Number.isFinite(Number(value))) {
      setLocalError(t('okrs:check_in.value_needed'));
      return;
    }
    setLocalError(null);
    save.mutate(undefined, { onSuccess: onClose });
  };
  const error = save.error as ApiError | null;
  const isDone = keyResult.kind === 'done';
  const guard = useDiscardGuard(
    note.trim() !== '' || value !== String(keyResult.current_value),
    onClose,
  );
  return (
    <FormDialog
      guard={guard}
      title={t('okrs:check_in.title', { name: keyResult.name })}
      onSubmit={submit}
      contentClassName={styles.form}
      onClose={onClose}
      submitLabel={t('okrs:check_in.save')}
      submitDisabled={save.isPending}
    >
      <FormAlert error={error} />
      {isDone ? (
        <Switch
          label={t('okrs:check_in.done')}
          checked={value === '1'}
          onChange={(_, data) => setValue(data.checked ? '1' : '0')}
        />
      ) : (
        <TextField
          label={
            keyResult.unit
              ? t('okrs:check_in.value_unit', { unit: keyResult.unit })
              : t('okrs:check_in.value')
          }
          hint={t('okrs:check_in.value_hint', {
            start: keyResult.start_value,
            target: keyResult.target_value,
          })}
          required
          validationMessage={localError ?? error?.fields.value?.[0]}
          type="number"
          step="any"
          inputMode="decimal"
          value={value}
          onChange={setValue}
        />
      )}
      <RadioField
        label={t('okrs:check_in.status')}
        required
        layout="horizontal"
        value={status}
        choices={CHECK_IN_STATUSES}
        wordsOf={(s) => t(`okrs:status.${statusKey(s)}`)}
        onChange={(s) => setStatus(s as CheckInStatus)}
      />
      <Field label={t('okrs:check_in.confidence', { value: confidence })}>
        <Slider
          min={1}
          max={10}
          value={confidence}
          onChange={(_, data) => setConfidence(data.value)}
        />
      </Field>
      <TextareaField
        label={t('okrs:check_in.note')}
        value={note}
        maxLength={2000}
        onChange={setNote}
      />
    </FormDialog>
  );
}
