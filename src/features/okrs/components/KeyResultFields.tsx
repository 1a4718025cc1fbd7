import { useTranslation } from 'react-i18next';
import { KEY_RESULT_KINDS, type KeyResult, type KeyResultKind } from '@contracts/okrs';
import { SelectField } from '@/components/SelectField';
import { TextField } from '@/components/TextField';

/** A key result's kind and values as typed in a form (the create dialog and the edit dialog). */
export interface KeyResultValues {
  kind: KeyResultKind;
  start: string;
  target: string;
  unit: string;
  weight: string;
}

/** A key result's values to change in a form, or without one those a new key result starts from. */
export function keyResultValuesOf(keyResult?: KeyResult): KeyResultValues {
  return {
    kind: keyResult?.kind ?? 'increase',
    start: String(keyResult?.start_value ?? 0),
    target: keyResult ? String(keyResult.target_value) : '',
    unit: keyResult?.unit ?? '',
    weight: String(keyResult?.weight ?? 1),
  };
}

/** Numbers as the person typed them; empty stays unsaid (the server never invents one). */
export const numberOr = (text: string) => (text.trim() === '' ? undefined : Number(text));

/** The kind and numbers of a request body; "done or not" has no start and target. */
export function keyResultValuesBody(values: KeyResultValues) {
  const weight = numberOr(values.weight);
  return {
    kind: values.kind,
    ...(values.kind === 'done'
      ? {}
      : { start_value: numberOr(values.start), target_value: numberOr(values.target) }),
    ...(weight !== undefined ? { weight } : {}),
  };
}

/** The required name of an objective or a key result, with the server's message about it. */
export function NameField({
  value,
  validationMessage,
  onChange,
}: {
  value: string;
  validationMessage: string | undefined;
  onChange: (name: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t('okrs:fields.name')}
      required
      validationMessage={validationMessage}
      value={value}
      maxLength={200}
      onChange={onChange}
    />
  );
}

export function KeyResultKindField({
  kind,
  onChange,
}: {
  kind: KeyResultKind;
  onChange: (kind: KeyResultKind) => void;
}) {
  const { t } = useTranslation();
  return (
    <SelectField
      label={t('okrs:fields.kind')}
      value={kind}
      choices={KEY_RESULT_KINDS}
      wordsOf={(k) => t(`okrs:kinds.${k}`)}
      onChange={(k) => onChange(k as KeyResultKind)}
    />
  );
}

/** A number as typed (any decimals), under its label and the server's message about it. */
function NumberField({
  label,
  validationMessage,
  min,
  value,
  onChange,
}: {
  label: string;
  validationMessage: string | undefined;
  min?: number;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <TextField
      label={label}
      validationMessage={validationMessage}
      type="number"
      step="any"
      min={min}
      value={value}
      onChange={onChange}
    />
  );
}

/** Start, target and unit (not for "done or not"), and the weight, with the server's messages. */
export function KeyResultValueFields({
  values,
  onChange,
  error,
}: {
  values: KeyResultValues;
  onChange: (change: Partial<KeyResultValues>) => void;
  error: (field: string) => string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <>
      {values.kind !== 'done' && (
        <>
          <NumberField
            label={t('okrs:fields.start_value')}
            validationMessage={error('start_value')}
            value={values.start}
            onChange={(start) => onChange({ start })}
          />
          <NumberField
            label={t('okrs:fields.target_value')}
            validationMessage={error('target_value')}
            value={values.target}
            onChange={(target) => onChange({ target })}
          />
          <TextField
            label={t('okrs:fields.unit')}
            value={values.unit}
            maxLength={30}
            onChange={(unit) => onChange({ unit })}
          />
        </>
      )}
      <NumberField
        label={t('okrs:fields.weight')}
        validationMessage={error('weight')}
        min={0.1}
        value={values.weight}
        onChange={(weight) => onChange({ weight })}
      />
    </>
  );
}
