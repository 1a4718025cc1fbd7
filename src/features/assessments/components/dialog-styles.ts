import { makeStyles, tokens } from '@fluentui/react-components';
import { column } from '@/lib/styles';

/** The surface and content of the assessment dialogs, whose long forms scroll inside them. */
export const useAssessmentDialogStyles = makeStyles({
  // Never the whole window on a phone: the page shows around the dialog.
  surface: { maxHeight: '86dvh', overflowY: 'auto' },
  content: { ...column, gap: tokens.spacingVerticalM },
});
