import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  makeStyles,
  Select,
  Switch,
  tokens,
} from '@fluentui/react-components';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { KEY_RESULT_KINDS, type KeyResult, type KeyResultKind } from '@contracts/okrs';
import { FormAlert } from '@/components/FormAlert';
import type { ApiError } from '@/lib/http';
import { okrsApi } from '../api';
import { useOkrMutation } from './ObjectiveBits';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  values: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 110px), 1fr))',
    gap: tokens.spacingHorizontalS,
    '& .fui-Input': { minWidth: 0 },
  },
});

const numberOr = (text: string) => (text.trim() === '' ? undefined : Number(text));

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
  const [kind, setKind] = useState<KeyResultKind>(keyResult?.kind ?? 'increase');
  const [start, setStart] = useState(String(keyResult?.start_value ?? 0));
  const [target, setTarget] = useState(keyResult ? String(keyResult.target_value) : '');
  const [unit, setUnit] = useState(keyResult?.unit ?? '');
  const [weight, setWeight] = useState(String(keyResult?.weight ?? 1));
  const [fromTasks, setFromTasks] = useState(keyResult?.progress_from_tasks ?? false);
  const add = useOkrMutation(() => {
    const body = {
      name: name.trim(),
      kind,
      ...(kind === 'done' ? {} : { start_value: numberOr(start), target_value: numberOr(target) }),
      unit: unit.trim() || null,
      ...(numberOr(weight) !== undefined ? { weight: numberOr(weight) } : {}),
      progress_from_tasks: followsTasks(kind) && fromTasks,
    };
    return keyResult
      ? okrsApi.updateKeyResult(keyResult.id, body)
      : okrsApi.addKeyResult(objectiveId, body);
  });
  const error = add.error as ApiError | null;
  const fieldError = (field: string) => error?.fields[field]?.[0];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate(undefined, { onSuccess: onClose });
  };
  return (
    <Dialog open onOpenChange={(_, data) => !data.open && onClose()}>
      <DialogSurface>
        <form onSubmit={submit}>
          <DialogBody>
            <DialogTitle>
              {keyResult ? t('okrs:actions.edit_key_result') : t('okrs:actions.add_key_result')}
            </DialogTitle>
            <DialogContent className={styles.form}>
              <FormAlert error={error} />
              <Field label={t('okrs:fields.name')} required validationMessage={fieldError('name')}>
                <Input value={name} maxLength={200} onChange={(_, d) => setName(d.value)} />
              </Field>
              <Field label={t('okrs:fields.kind')}>
                <Select value={kind} onChange={(_, d) => setKind(d.value as KeyResultKind)}>
                  {KEY_RESULT_KINDS.map((k) => (
                    <option key={k} value={k}>
                      {t(`okrs:kinds.${k}`)}
                    </option>
                  ))}
                </Select>
              </Field>
              <div className={styles.values}>
                {kind !== 'done' && (
                  <>
                    <Field
                      label={t('okrs:fields.start_value')}
                      validationMessage={fieldError('start_value')}
                    >
                      <Input
                        type="number"
                        step="any"
                        value={start}
                        onChange={(_, d) => setStart(d.value)}
                      />
                    </Field>
                    <Field
                      label={t('okrs:fields.target_value')}
                      validationMessage={fieldError('target_value')}
                    >
                      <Input
                        type="number"
                        step="any"
                        value={target}
                        onChange={(_, d) => setTarget(d.value)}
                      />
                    </Field>
                    <Field label={t('okrs:fields.unit')}>
                      <Input value={unit} maxLength={30} onChange={(_, d) => setUnit(d.value)} />
                    </Field>
                  </>
                )}
                <Field label={t('okrs:fields.weight')} validationMessage={fieldError('weight')}>
                  <Input
                    type="number"
                    step="any"
                    min={0.1}
                    value={weight}
                    onChange={(_, d) => setWeight(d.value)}
                  />
                </Field>
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
            </DialogContent>
            <DialogActions>
              <Button appearance="secondary" onClick={onClose}>
                {t('okrs:actions.cancel')}
              </Button>
              <Button appearance="primary" type="submit" disabled={add.isPending}>
                {t('okrs:actions.save')}
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
