import {
  ColorSwatch,
  Field,
  Input,
  makeStyles,
  SwatchPicker,
  Textarea,
  tokens,
} from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { CARD_COLORS } from '@contracts/workspaces';
import { fieldError } from '@/components/FormAlert';
import type { ApiError } from '@/lib/http';
import { DateField } from '@/components/DateField';
import { column } from '@/lib/styles';

export interface BasicInformation {
  name: string;
  description: string;
  start_date: string;
  end_date: string;
  color: string;
}

export const emptyBasicInformation = (): BasicInformation => ({
  name: '',
  description: '',
  start_date: '',
  end_date: '',
  color: CARD_COLORS[0],
});

const useStyles = makeStyles({
  root: { ...column, gap: tokens.spacingVerticalM },
  dates: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM },
  swatches: { flexWrap: 'wrap' },
});

/**
 * The basic information of a workspace: the fields of the create dialog, the course and
 * general pages and the first generalized step. The server's answers to a field show under it.
 */
export function BasicInformationFields({
  value,
  onChange,
  error,
}: {
  value: BasicInformation;
  onChange: (value: BasicInformation) => void;
  error: ApiError | null;
}) {
  const styles = useStyles();
  const { t } = useTranslation();
  const set = (field: keyof BasicInformation) => (_event: unknown, data: { value: string }) =>
    onChange({ ...value, [field]: data.value });
  return (
    <div className={styles.root}>
      <Field
        label={t('workspaces:create.name')}
        required
        validationMessage={fieldError(error, 'name')}
      >
        <Input name="name" value={value.name} onChange={set('name')} maxLength={120} />
      </Field>
      <Field
        label={t('workspaces:create.description')}
        validationMessage={fieldError(error, 'description')}
      >
        <Textarea
          name="description"
          value={value.description}
          onChange={set('description')}
          maxLength={2000}
        />
      </Field>
      <div className={styles.dates}>
        <DateField
          label={t('workspaces:create.start_date')}
          validationMessage={fieldError(error, 'start_date')}
          value={value.start_date}
          onChange={(date) => set('start_date')(null, { value: date })}
        />
        <DateField
          label={t('workspaces:create.end_date')}
          validationMessage={fieldError(error, 'end_date')}
          value={value.end_date}
          onChange={(date) => set('end_date')(null, { value: date })}
        />
      </div>
      <Field label={t('workspaces:create.color')}>
        <SwatchPicker
          aria-label={t('workspaces:create.color')}
          className={styles.swatches}
          selectedValue={value.color}
          onSelectionChange={(_event, data) => onChange({ ...value, color: data.selectedValue })}
        >
          {CARD_COLORS.map((color) => (
            <ColorSwatch key={color} color={color} value={color} aria-label={color} />
          ))}
        </SwatchPicker>
      </Field>
    </div>
  );
}

/** The body the API takes: empty optional fields are left out. */
export function basicInformationBody(value: BasicInformation) {
  return {
    name: value.name.trim(),
    description: value.description.trim() || null,
    start_date: value.start_date || null,
    end_date: value.end_date || null,
  };
}
