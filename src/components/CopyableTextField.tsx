import { Field, Input } from '@fluentui/react-components';
import type { FieldPartProps } from './field-parts';

/**
 * A labelled text to copy (an address, a link): it cannot be changed, and focusing it selects
 * all of it, ready for the clipboard.
 */
export function CopyableTextField({
  value,
  ...field
}: Pick<FieldPartProps, 'label' | 'className'> & { value: string }) {
  return (
    <Field {...field}>
      <Input readOnly value={value} onFocus={(event) => event.target.select()} />
    </Field>
  );
}
