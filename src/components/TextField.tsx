import { Input, type InputProps } from '@fluentui/react-components';
import { labelledText } from './field-parts';

/** A labelled one-line input whose change hands over the new text. */
export const TextField = labelledText<InputProps>(Input);
