import { Button, makeStyles, ProgressBar, Text, tokens } from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { formatFileSize } from '@/lib/file-size';
import type { Upload } from '@/lib/uploads';
import { columnList, column } from '@/lib/styles';

const useStyles = makeStyles({
  root: {
    ...column,
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  head: { display: 'flex', alignItems: 'center', justifyContent: 'space-between' },
  list: { ...columnList, gap: tokens.spacingVerticalS },
  item: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  body: { flexGrow: 1, minWidth: 0, ...column, gap: '2px' },
  name: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  failed: { color: tokens.colorPaletteRedForeground1 },
  muted: { color: tokens.colorNeutralForeground3 },
});

const COLORS = {
  uploading: 'brand',
  done: 'success',
  merged: 'success',
  failed: 'error',
  cancelled: 'warning',
} as const;

/** The i18n keys of a panel's words: each area says what its files are and become. */
export interface UploadPanelWords {
  panel: string;
  /** With `count`. */
  heading: string;
  clear: string;
  /** With `loaded` and `total`. */
  progress: string;
  /** With `name`. */
  progressLabel: string;
  /** With `name`. */
  cancel: string;
  failed: string;
  done: string;
  merged?: string;
  cancelled: string;
}

export interface UploadPanelProps {
  uploads: Upload[];
  onCancel: (key: string) => void;
  onClear: () => void;
}

/** Each file on its way up with its own bar, a cancel while it goes, and the refusal in words. */
export function UploadPanel({
  uploads,
  onCancel,
  onClear,
  words,
  testId,
}: UploadPanelProps & { words: UploadPanelWords; testId: string }) {
  const styles = useStyles();
  const { t } = useTranslation();
  if (uploads.length === 0) return null;
  const running = uploads.some((upload) => upload.state === 'uploading');
  return (
    <section className={styles.root} aria-label={t(words.panel)}>
      <div className={styles.head}>
        <Text weight="semibold">{t(words.heading, { count: uploads.length })}</Text>
        {!running && (
          <Button appearance="subtle" size="small" onClick={onClear}>
            {t(words.clear)}
          </Button>
        )}
      </div>
      <ul className={styles.list}>
        {uploads.map((upload) => {
          const share = upload.total > 0 ? upload.loaded / upload.total : 0;
          const status =
            upload.state === 'uploading'
              ? t(words.progress, {
                  loaded: formatFileSize(upload.loaded),
                  total: formatFileSize(upload.total),
                })
              : upload.state === 'failed'
                ? upload.error || t(words.failed)
                : t(upload.state === 'merged' ? (words.merged ?? words.done) : words[upload.state]);
          return (
            <li
              key={upload.key}
              className={styles.item}
              data-testid={testId}
              data-state={upload.state}
            >
              <div className={styles.body}>
                <Text className={styles.name} title={upload.name}>
                  {upload.name}
                </Text>
                <ProgressBar
                  value={upload.state === 'uploading' ? share : 1}
                  color={COLORS[upload.state]}
                  aria-label={t(words.progressLabel, { name: upload.name })}
                />
                <Text
                  size={200}
                  className={upload.state === 'failed' ? styles.failed : styles.muted}
                  role={upload.state === 'failed' ? 'alert' : undefined}
                >
                  {status}
                </Text>
              </div>
              {upload.state === 'uploading' && (
                <Button
                  appearance="subtle"
                  icon={<DismissRegular />}
                  aria-label={t(words.cancel, { name: upload.name })}
                  onClick={() => onCancel(upload.key)}
                />
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
