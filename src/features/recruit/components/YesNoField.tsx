import { Field, Radio, RadioGroup, type FieldProps } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';

/** A knockout question's yes or no, side by side under its label; `undefined` is not chosen yet. */
export function YesNoField({
  value,
  onChange,
  ...field
}: Pick<FieldProps, 'label' | 'required' | 'validationMessage'> & {
  value: boolean | undefined;
  onChange: (yes: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <Field {...field}>
      <RadioGroup
        layout="horizontal"
        value={value === undefined ? '' : value ? 'yes' : 'no'}
        onChange={(_e, d) => onChange(d.value === 'yes')}
      >
        <Radio value="yes" label={t('recruit:position.yes')} />
        <Radio value="no" label={t('recruit:position.no')} />
      </RadioGroup>
    </Field>
  );
}
