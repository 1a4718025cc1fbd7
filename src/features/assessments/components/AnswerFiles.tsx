import { Button, Field, makeStyles, ProgressBar, Text, tokens } from '@fluentui/react-components';
import { ArrowDownloadRegular, ArrowSwapRegular, AttachRegular } from '@fluentui/react-icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AssessmentFile } from '@contracts/assessments';
import { FormAlert } from '@/components/FormAlert';
import { shortFileName, UploadWidget } from '@/components/UploadWidget';
import { formatFileSize } from '@/lib/file-size';
import { withApiError, type ApiError } from '@/lib/http';
import { saveFile } from '@/lib/save-file';
import { assessmentsApi } from '../api';
import { assessmentKeys } from '../keys';
import { Busy } from '@/components/Busy';
import { columnList, column, wrappingRow } from '@/lib/styles';

const useStyles = makeStyles({
  root: { ...column, gap: tokens.spacingVerticalS },
  list: { ...columnList, gap: tokens.spacingVerticalXS },
  item: { ...wrappingRow, gap: tokens.spacingHorizontalS },
  name: { flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' },
  hidden: { display: 'none' },
  heading: { margin: 0 },
});

/**
 * Files on the answers for one person: the list with download, and while the answers are a
 * draft an upload area with progress and a replace button per file. The server's refusals
 * (too large, a type it does not take, too many) show in words above the area.
 */
export function AnswerFiles({ evaluableId, editable }: { evaluableId: number; editable: boolean }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const queryClient = useQueryClient();
  const list = useQuery({
    queryKey: assessmentKeys.files(evaluableId),
    queryFn: () => assessmentsApi.files(evaluableId),
  });
  const [chosen, setChosen] = useState<File[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const replaceInput = useRef<HTMLInputElement>(null);
  const [replacing, setReplacing] = useState<AssessmentFile | null>(null);
  const onProgress = ({ loaded, total }: { loaded: number; total: number }) =>
    setProgress(total > 0 ? Math.min(loaded / total, 1) : 0);
  const upload = useMutation({
    mutationFn: (call: () => Promise<AssessmentFile[]>) => withApiError(call),
    onMutate: () => setProgress(0),
    onSettled: () => setProgress(null),
    onSuccess: (files) => {
      queryClient.setQueryData(assessmentKeys.files(evaluableId), files);
      setChosen([]);
    },
  });
  const download = useMutation({
    mutationFn: (file: AssessmentFile) =>
      withApiError(() => assessmentsApi.downloadFile(evaluableId, file.id)).then((blob) =>
        saveFile(blob, file.name),
      ),
  });
  const files = list.data ?? [];
  const busy = upload.isPending;
  const error = ((upload.error ?? download.error ?? list.error) as ApiError | null) ?? null;

  return (
    <section className={styles.root} aria-label={t('assessments:files.title')}>
      <Text as="h4" weight="semibold" className={styles.heading}>
        {t('assessments:files.title')}
      </Text>
      <FormAlert error={error} />
      {list.isLoading ? (
        <Busy size="tiny" />
      ) : files.length === 0 ? (
        <Text size={200}>{t('assessments:files.none')}</Text>
      ) : (
        <ul className={styles.list} aria-label={t('assessments:files.attached')}>
          {files.map((file) => (
            <li key={file.id} className={styles.item}>
              <AttachRegular />
              <Text className={styles.name} title={file.name}>
                {shortFileName(file.name)} ({formatFileSize(file.size)})
              </Text>
              <Button
                size="small"
                icon={<ArrowDownloadRegular />}
                aria-label={t('assessments:files.download', { name: file.name })}
                disabled={download.isPending}
                onClick={() => download.mutate(file)}
              />
              {editable && (
                <Button
                  size="small"
                  icon={<ArrowSwapRegular />}
                  aria-label={t('assessments:files.replace', { name: file.name })}
                  disabled={busy}
                  onClick={() => {
                    setReplacing(file);
                    replaceInput.current?.click();
                  }}
                />
              )}
            </li>
          ))}
        </ul>
      )}
      {editable && (
        <>
          <input
            ref={replaceInput}
            type="file"
            className={styles.hidden}
            tabIndex={-1}
            aria-hidden
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file && replacing) {
                upload.mutate(() => assessmentsApi.replaceFile(replacing.id, file, onProgress));
              }
            }}
          />
          {progress !== null ? (
            <Field label={t('assessments:files.uploading')} validationState="none">
              <ProgressBar value={progress} thickness="large" data-testid="upload-progress" />
            </Field>
          ) : (
            <UploadWidget files={chosen} onChange={setChosen} label={t('assessments:files.add')} />
          )}
          {chosen.length > 0 && (
            <Button
              appearance="secondary"
              disabled={busy}
              onClick={() =>
                upload.mutate(() => assessmentsApi.addFiles(evaluableId, chosen, onProgress))
              }
            >
              {t('assessments:files.attach', { count: chosen.length })}
            </Button>
          )}
        </>
      )}
    </section>
  );
}
