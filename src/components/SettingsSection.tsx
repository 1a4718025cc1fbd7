import { makeStyles, tokens } from '@fluentui/react-components';
import { column } from '@/lib/styles';
import { Section, type SectionProps } from './Section';

/** One block of a settings page: a heading, what it is for, and its controls. */
export function SettingsSection(props: SectionProps) {
  return <Section {...props} layout="settings" />;
}

const useFormStyles = makeStyles({
  form: {
    ...column,
    gap: tokens.spacingVerticalM,
    maxWidth: '420px',
  },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
});

export function useSettingsFormStyles() {
  return useFormStyles();
}
