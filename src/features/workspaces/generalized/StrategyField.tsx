import { Dropdown, Field, Option } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { FORMATION_STRATEGIES } from '@contracts/team-formation';

export type FormationStrategy = (typeof FORMATION_STRATEGIES)[number];

/** How the workspace forms its teams, or not at all: chosen at set-up and in its settings. */
export function StrategyField({
  value,
  disabled,
  onChange,
}: {
  /** As the server has it (null: teams are not formed). */
  value: string | null;
  disabled?: boolean;
  onChange: (strategy: FormationStrategy | null) => void;
}) {
  const { t } = useTranslation();
  return (
    <Field label={t('workspaces:generalized.strategy')}>
      <Dropdown
        disabled={disabled}
        value={
          value
            ? t(`workspaces:generalized.strategies.${value}`)
            : t('workspaces:generalized.no_strategy')
        }
        selectedOptions={[value ?? '']}
        onOptionSelect={(_event, data) =>
          onChange((data.optionValue || null) as FormationStrategy | null)
        }
      >
        <Option value="">{t('workspaces:generalized.no_strategy')}</Option>
        {FORMATION_STRATEGIES.map((option) => (
          <Option key={option} value={option}>
            {t(`workspaces:generalized.strategies.${option}`)}
          </Option>
        ))}
      </Dropdown>
    </Field>
  );
}
