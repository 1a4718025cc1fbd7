import { Badge, Button, makeStyles, ProgressBar, Text, tokens } from '@fluentui/react-components';
import { ArrowDownloadRegular, ArrowUndoRegular, ArrowUploadRegular } from '@fluentui/react-icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useDropzone } from 'react-dropzone';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/FormAlert';
import { formatFileSize } from '@/lib/file-size';
import { formatDateTime } from '@/lib/format';
import { withApiError, type ApiError } from '@/lib/http';
import { driveApi, driveKeys, type DriveFile } from '../api';
import { downloadFile, useDriveRefresh } from '../hooks';
import { SimpleDialog } from '@/components/SimpleDialog';
import { SkeletonRows } from '@/components/SkeletonRows';
import { columnList, column, wrappingRow } from '@/lib/styles';

const useStyles = makeStyles({
  list: columnList,
  item: {
    ...wrappingRow,
    gap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalS} 0`,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  body: { flexGrow: 1, minWidth: '160px', ...column },
  muted: { color: tokens.colorNeutralForeground3 },
  content: { ...column, gap: tokens.spacingVerticalM },
  zone: {
    ...wrappingRow,
    gap: tokens.spacingHorizontalS,
    padding: tokens.spacingHorizontalM,
    border: `${tokens.strokeWidthThick} dashed ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
  },
});

/** A file's versions: download any, bring an older one back, or upload a new one over it. */
export function VersionsDialog({ file, onClose }: { file: DriveFile; onClose: () => void }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const refresh = useDriveRefresh();
  const [progress, setProgress] = useState<number | null>(null);
  const versions = useQuery({
    queryKey: driveKeys.versions(file.id),
    queryFn: () => driveApi.versions(file.id),
  });
  const restore = useMutation<DriveFile, ApiError, number>({
    mutationFn: (version) => withApiError(() => driveApi.restoreVersion(file.id, version)),
    onSuccess: () => void refresh(),
  });
  const replace = useMutation<DriveFile, ApiError, File>({
    mutationFn: (next) =>
      withApiError(() =>
        driveApi.replace(file.id, next, {
          onProgress: (loaded, total) => setProgress(total > 0 ? loaded / total : 0),
        }),
      ),
    onSettled: () => {
      setProgress(null);
      void refresh();
    },
  });
  const { getRootProps, getInputProps, open } = useDropzone({
    multiple: false,
    noClick: true,
    noKeyboard: true,
    // The drive page behind is a drop zone too: a file dropped here is a version, not a new file.
    noDragEventsBubbling: true,
    disabled: replace.isPending,
    onDrop: (dropped) => dropped[0] && replace.mutate(dropped[0]),
  });

  return (
    <SimpleDialog
      onClose={onClose}
      title={t('drive:versions.title', { name: file.name })}
      contentClassName={styles.content}
      actions={
        <>
          <Button appearance="secondary" onClick={onClose}>
            {t('drive:versions.close')}
          </Button>
        </>
      }
    >
      <FormAlert error={replace.error ?? restore.error} />
      <div {...getRootProps({ className: styles.zone })}>
        <input {...getInputProps({ 'aria-label': t('drive:versions.upload') })} />
        <Button icon={<ArrowUploadRegular />} onClick={open} disabled={replace.isPending}>
          {t('drive:versions.upload')}
        </Button>
        <Text size={200} className={styles.muted}>
          {t('drive:versions.upload_hint')}
        </Text>
        {progress !== null && (
          <ProgressBar value={progress} aria-label={t('drive:versions.uploading')} />
        )}
      </div>
      {versions.isPending ? (
        <SkeletonRows label={t('drive:loading')} rows={2} size={32} />
      ) : versions.isError ? (
        <FormAlert error={{ status: null, messages: [t('drive:errors.versions')], fields: {} }} />
      ) : (
        <ul className={styles.list} aria-label={t('drive:versions.list')}>
          {versions.data.map((version) => (
            <li key={version.id} className={styles.item} data-testid="drive-version">
              <div className={styles.body}>
                <Text weight="semibold">
                  {t('drive:versions.number', { number: version.number })}{' '}
                  {version.current && (
                    <Badge appearance="tint" color="brand">
                      {t('drive:versions.current')}
                    </Badge>
                  )}
                </Text>
                <Text size={200} className={styles.muted}>
                  {formatDateTime(version.created_at)} · {formatFileSize(version.size)}
                </Text>
              </div>
              <Button
                appearance="subtle"
                icon={<ArrowDownloadRegular />}
                aria-label={t('drive:versions.download', { number: version.number })}
                onClick={() =>
                  void downloadFile(file.name, () =>
                    driveApi.downloadVersion(file.id, version.number),
                  )
                }
              />
              {!version.current && (
                <Button
                  icon={<ArrowUndoRegular />}
                  disabled={restore.isPending}
                  onClick={() => restore.mutate(version.number)}
                >
                  {t('drive:versions.restore')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </SimpleDialog>
  );
}
