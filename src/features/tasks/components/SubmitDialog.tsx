import { Field, makeStyles, ProgressBar, Text, Textarea, tokens } from '@fluentui/react-components';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Task } from '@contracts/tasks';
import { FormAlert } from '@/components/FormAlert';
import { shortFileName, UploadWidget, type UploadRule } from '@/components/UploadWidget';
import { formatFileSize } from '@/lib/file-size';
import type { ApiError } from '@/lib/http';
import { tasksApi } from '../api';
import { fileProgress } from '../board';
import { useTaskMutation } from '../hooks';
import { useDiscardGuard } from '@/components/discard-guard';
import { FormDialog } from '@/components/FormDialog';
import { column } from '@/lib/styles';

/** The server takes at most this many files in one hand-in (docs/decisions/tasks-files.md). */
const MAX_FILES = 10;

const useStyles = makeStyles({
  form: { ...column, gap: tokens.spacingVerticalM },
  files: {
    margin: 0,
    padding: 0,
    ...column,
    gap: tokens.spacingVerticalS,
  },
  file: {
    listStyleType: 'none',
    ...column,
    gap: tokens.spacingVerticalXXS,
  },
  fileHead: {
    display: 'flex',
    justifyContent: 'space-between',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
  },
});

/**
 * Hand in work: files dropped or browsed, an optional answer, and a progress bar per file while
 * the one multipart request goes out (the server takes all of it or nothing).
 */
export function SubmitDialog({
  task,
  mode,
  onClose,
}: {
  task: Task;
  mode: 'submit' | 'resubmit';
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [files, setFiles] = useState<File[]>([]);
  const [answer, setAnswer] = useState('');
  const [progress, setProgress] = useState<number[] | null>(null);
  const [broken, setBroken] = useState(false);
  const rules = useMemo<UploadRule[]>(
    () => [
      (chosen) => chosen.length > MAX_FILES && t('tasks:submit.too_many', { count: MAX_FILES }),
    ],
    [t],
  );
  const handIn = useTaskMutation(() =>
    tasksApi.handIn(task.kind, task.id, mode, {
      files,
      answer: answer.trim() || undefined,
      assignmentId: task.my_assignment_id ?? undefined,
      onProgress: ({ loaded, total }) =>
        setProgress(
          fileProgress(
            files.map((f) => f.size),
            loaded,
            total,
          ),
        ),
    }),
  );
  const busy = handIn.isPending;
  // While the files go up, Escape neither asks nor closes.
  const guard = useDiscardGuard(!busy && (answer.trim() !== '' || files.length > 0), () => {
    if (!busy) onClose();
  });
  return (
    <FormDialog
      guard={guard}
      title={t(`tasks:submit.${mode}_title`, { name: task.name })}
      onSubmit={() => {
        setProgress(files.map(() => 0));
        handIn.mutate(undefined, { onSuccess: onClose, onError: () => setProgress(null) });
      }}
      contentClassName={styles.form}
      onClose={onClose}
      cancelDisabled={busy}
      submitLabel={t(`tasks:submit.${mode}`)}
      submitDisabled={busy || broken || (files.length === 0 && !answer.trim())}
    >
      <FormAlert error={(handIn.error as ApiError | null) ?? null} />
      {progress ? (
        <ul className={styles.files} aria-label={t('tasks:submit.files')}>
          {files.map((file, index) => (
            <li key={`${file.name}-${index}`} className={styles.file}>
              <Text title={file.name}>
                {shortFileName(file.name)} ({formatFileSize(file.size)})
              </Text>
              <ProgressBar
                value={progress[index] ?? 0}
                thickness="large"
                aria-label={t('tasks:submit.progress', { name: file.name })}
                data-testid="upload-progress"
              />
            </li>
          ))}
        </ul>
      ) : (
        <UploadWidget
          files={files}
          onChange={setFiles}
          rules={rules}
          onErrorChange={setBroken}
          label={t('tasks:submit.files')}
        />
      )}
      <Field label={t('tasks:submit.answer')}>
        <Textarea
          value={answer}
          onChange={(_, data) => setAnswer(data.value)}
          resize="vertical"
          disabled={busy}
        />
      </Field>
    </FormDialog>
  );
}
