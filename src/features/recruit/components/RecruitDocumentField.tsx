import { Field, type FieldProps } from '@fluentui/react-components';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { RECRUIT_FILE_MAX_BYTES } from '@contracts/recruit';
import { UploadWidget, type UploadWidgetProps } from '@/components/UploadWidget';
import { formatFileSize } from '@/lib/file-size';

/** The upload rule of recruiting documents: the message when a file is over the size limit. */
export const documentTooBig = (t: TFunction) => (files: File[]) =>
  files.some((file) => file.size > RECRUIT_FILE_MAX_BYTES)
    ? t('recruit:position.file_too_big', { size: formatFileSize(RECRUIT_FILE_MAX_BYTES) })
    : null;

/** One recruiting document (a CV, a job description) under a label the widget is named by too. */
export function RecruitDocumentField({
  label,
  files,
  onChange,
  accept,
  disabled,
  ...field
}: Pick<FieldProps, 'hint' | 'required' | 'validationMessage'> & {
  label: string;
  files: File[];
  onChange: (files: File[]) => void;
  accept: UploadWidgetProps['accept'];
  disabled: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Field label={label} {...field}>
      <UploadWidget
        files={files}
        onChange={onChange}
        multiple={false}
        accept={accept}
        rules={[documentTooBig(t)]}
        label={label}
        disabled={disabled}
      />
    </Field>
  );
}
