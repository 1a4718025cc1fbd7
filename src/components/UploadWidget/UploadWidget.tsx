import { Button, makeStyles, mergeClasses, Text, tokens } from '@fluentui/react-components';
import { ArrowUploadRegular, AttachRegular, DismissRegular } from '@fluentui/react-icons';
import { useEffect, useMemo, useRef, type CSSProperties } from 'react';
import { useDropzone, type Accept } from 'react-dropzone';
import { useTranslation } from 'react-i18next';
import { formatFileSize } from '@/lib/file-size';
import { runUploadRules, shortFileName, type UploadRule } from './upload-rules';
import { column, wrappingRow } from '@/lib/styles';

const useStyles = makeStyles({
  root: { ...column, gap: tokens.spacingVerticalS },
  zone: {
    ...wrappingRow,
    justifyContent: 'center',
    gap: tokens.spacingHorizontalS,
    boxSizing: 'border-box',
    padding: tokens.spacingHorizontalM,
    border: `${tokens.strokeWidthThick} dashed ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground2,
    cursor: 'pointer',
    outlineOffset: '2px',
  },
  dragActive: {
    border: `${tokens.strokeWidthThick} dashed ${tokens.colorBrandStroke1}`,
    backgroundColor: tokens.colorBrandBackground2,
  },
  error: { border: `${tokens.strokeWidthThick} dashed ${tokens.colorPaletteRedBorder2}` },
  chips: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalS,
    listStyleType: 'none',
    padding: 0,
    margin: 0,
  },
  chip: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    padding: `${tokens.spacingVerticalXXS} ${tokens.spacingHorizontalS}`,
    borderRadius: tokens.borderRadiusCircular,
    backgroundColor: tokens.colorNeutralBackground3,
  },
  messages: { color: tokens.colorPaletteRedForeground1, margin: 0, paddingLeft: '1.2em' },
});

/** A file that is already stored (spec 2.13: id, name and size). */
export interface ExistingAttachment {
  id: number | string;
  name: string;
  size: number;
}

export interface UploadWidgetProps {
  /** The chosen files (controlled). */
  files: File[];
  onChange: (files: File[]) => void;
  multiple?: boolean;
  accept?: Accept;
  /** Run on the files whenever they change; each returned text is an error. */
  rules?: UploadRule[];
  /** Keeps the errors to the error flag, without showing them. */
  hideErrors?: boolean;
  /** Told whether the files break a rule, each time they change. */
  onErrorChange?: (hasError: boolean) => void;
  existing?: ExistingAttachment[];
  onRemoveExisting?: (attachment: ExistingAttachment) => void;
  label?: string;
  disabled?: boolean;
  width?: CSSProperties['width'];
  minWidth?: CSSProperties['minWidth'];
  height?: CSSProperties['height'];
}

/** A chosen file by its short name and size, with a button to take it off when it may be. */
function FileChip({
  file,
  onRemove,
}: {
  file: { name: string; size: number };
  onRemove: (() => void) | undefined;
}) {
  const styles = useStyles();
  const { t } = useTranslation();
  return (
    <li className={styles.chip} title={file.name}>
      <AttachRegular />
      <Text size={200}>
        {shortFileName(file.name)} ({formatFileSize(file.size)})
      </Text>
      {onRemove && (
        <Button
          appearance="transparent"
          size="small"
          icon={<DismissRegular />}
          aria-label={t('components:upload.remove', { name: file.name })}
          onClick={onRemove}
        />
      )}
    </li>
  );
}

/**
 * The file-upload widget of spec 2.13: drag and drop or browse, one or many files, chips with
 * the name (45 characters at most) and its size (B, KB, MB), existing attachments, and rules whose
 * messages show under the area. Defaults: width 100%, min width 200 px, height 85 px.
 */
export function UploadWidget({
  files,
  onChange,
  multiple = true,
  accept,
  rules = [],
  hideErrors = false,
  onErrorChange,
  existing = [],
  onRemoveExisting,
  label,
  disabled,
  width = '100%',
  minWidth = '200px',
  height = '85px',
}: UploadWidgetProps) {
  const styles = useStyles();
  const { t } = useTranslation();
  const errors = useMemo(() => runUploadRules(rules, files), [rules, files]);
  const hasError = errors.length > 0;
  const reported = useRef<boolean | null>(null);
  useEffect(() => {
    if (reported.current === hasError) return;
    reported.current = hasError;
    onErrorChange?.(hasError);
  }, [hasError, onErrorChange]);

  const { getRootProps, getInputProps, isDragActive, open } = useDropzone({
    multiple,
    accept,
    disabled,
    noClick: true,
    noKeyboard: true,
    onDrop: (dropped) => onChange(multiple ? [...files, ...dropped] : dropped.slice(0, 1)),
  });

  const remove = (index: number) => onChange(files.filter((_file, i) => i !== index));

  return (
    <div className={styles.root}>
      <div
        {...getRootProps({
          className: mergeClasses(
            styles.zone,
            isDragActive && styles.dragActive,
            hasError && !hideErrors && styles.error,
          ),
          style: { width, minWidth, minHeight: height },
        })}
        data-state={isDragActive ? 'drag-active' : hasError ? 'error' : undefined}
      >
        <input {...getInputProps({ 'aria-label': label ?? t('components:upload.browse_files') })} />
        <ArrowUploadRegular fontSize={24} />
        <Text>{t('components:upload.drag_and_drop')}</Text>
        <Text>{t('components:upload.or')}</Text>
        <Button appearance="secondary" size="small" onClick={open} disabled={disabled}>
          {t('components:upload.browse_files')}
        </Button>
      </div>
      {(existing.length > 0 || files.length > 0) && (
        <ul className={styles.chips} aria-label={t('components:upload.chosen_files')}>
          {existing.map((attachment) => (
            <FileChip
              key={`existing-${attachment.id}`}
              file={attachment}
              onRemove={onRemoveExisting && (() => onRemoveExisting(attachment))}
            />
          ))}
          {files.map((file, index) => (
            <FileChip key={`${file.name}-${index}`} file={file} onRemove={() => remove(index)} />
          ))}
        </ul>
      )}
      {hasError && !hideErrors && (
        <ul className={styles.messages} role="alert">
          {errors.map((message) => (
            <li key={message}>
              <Text size={200}>{message}</Text>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
