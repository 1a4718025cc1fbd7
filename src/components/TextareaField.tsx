import { Textarea, type TextareaProps } from '@fluentui/react-components';
import { labelledText } from './field-parts';

/** A labelled text area whose change hands over the new text: the `TextField` of longer text. */
export const TextareaField = labelledText<TextareaProps>(Textarea);
