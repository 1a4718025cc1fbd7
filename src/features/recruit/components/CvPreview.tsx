import { Button, makeStyles, Text, tokens } from '@fluentui/react-components';
import { ArrowDownloadRegular, DocumentRegular } from '@fluentui/react-icons';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatFileSize } from '@/lib/file-size';
import { formatDate } from '@/lib/format';
import { saveFile } from '@/lib/save-file';
import { recruitApi, recruitKeys, type CandidateFile } from '../api';
import { columnList, column, wrappingRow } from '@/lib/styles';

const useStyles = makeStyles({
  root: { ...column, gap: tokens.spacingVerticalM, minWidth: 0 },
  frame: {
    width: '100%',
    height: 'min(70vh, 720px)',
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground3,
  },
  list: { ...columnList, gap: tokens.spacingVerticalXS },
  file: { ...wrappingRow, gap: tokens.spacingHorizontalS },
  name: { flex: '1 1 160px', minWidth: 0, overflowWrap: 'anywhere' },
  muted: { color: tokens.colorNeutralForeground3 },
});

/** The newest PDF shown in place (fetched with the session: no plain link), every file to download. */
export function CvPreview({ files }: { files: CandidateFile[] }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const newest = [...files].sort((a, b) => b.created_at.localeCompare(a.created_at));
  const pdf = newest.find((file) => file.mime_type === 'application/pdf');
  const blob = useQuery({
    queryKey: recruitKeys.file(pdf?.id ?? 0),
    queryFn: async () => (await recruitApi.downloadFile(pdf!.id)).blob,
    enabled: pdf !== undefined,
    staleTime: Infinity,
    retry: false,
  });
  const url = useMemo(
    () =>
      blob.data
        ? URL.createObjectURL(new Blob([blob.data], { type: 'application/pdf' }))
        : undefined,
    [blob.data],
  );
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  const download = async (file: CandidateFile) => {
    const { blob: data, filename } = await recruitApi.downloadFile(file.id);
    saveFile(data, filename ?? file.name);
  };

  if (files.length === 0)
    return <Text className={styles.muted}>{t('recruit:candidate.no_cv')}</Text>;
  return (
    <div className={styles.root}>
      {pdf && url && (
        <iframe
          className={styles.frame}
          src={url}
          title={t('recruit:candidate.cv_preview', { name: pdf.name })}
        />
      )}
      {pdf && blob.isError && <Text role="alert">{t('recruit:candidate.preview_failed')}</Text>}
      {!pdf && <Text className={styles.muted}>{t('recruit:candidate.no_preview')}</Text>}
      <ul className={styles.list} aria-label={t('recruit:candidate.files')}>
        {newest.map((file) => (
          <li key={file.id} className={styles.file}>
            <DocumentRegular aria-hidden />
            <Text className={styles.name}>{file.name}</Text>
            <Text size={200} className={styles.muted}>
              {formatFileSize(file.size)} · {formatDate(file.created_at)}
            </Text>
            <Button
              size="small"
              icon={<ArrowDownloadRegular />}
              aria-label={t('recruit:candidate.download', { name: file.name })}
              onClick={() => void download(file)}
            >
              {t('recruit:candidate.download_short')}
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}
