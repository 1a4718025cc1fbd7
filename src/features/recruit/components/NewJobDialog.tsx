import {
  Field,
  Input,
  makeStyles,
  ProgressBar,
  Text,
  Textarea,
  tokens,
} from '@fluentui/react-components';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { JOB_TITLE_MAX } from '@contracts/recruit';
import { useDiscardGuard } from '@/components/discard-guard';
import { FormAlert } from '@/components/FormAlert';
import { formatFileSize } from '@/lib/file-size';
import { apiErrorOf, type ApiError } from '@/lib/http';
import { recruitApi } from '../api';
import { useRecruitRefresh } from '../hooks';
import { documentTooBig, RecruitDocumentField } from './RecruitDocumentField';
import { FormDialog } from '@/components/FormDialog';
import { column } from '@/lib/styles';
import type { DialogOpenProps } from '@/components/dialog-props';

export const DOCUMENT_TYPES = {
  'application/pdf': ['.pdf'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['.docx'],
};
const JD_TYPES = { ...DOCUMENT_TYPES, 'text/plain': ['.txt', '.md'] };

const useStyles = makeStyles({
  body: { ...column, gap: tokens.spacingVerticalM },
  muted: { color: tokens.colorNeutralForeground3 },
});

/**
 * A new job from its description: a file (PDF, DOCX or text) or pasted text. The server reads
 * the title, text and skills from it; the job page then lets them be edited.
 */
export function NewJobDialog({
  workspaceId,
  open,
  onClose,
}: { workspaceId: number } & DialogOpenProps) {
  const styles = useStyles();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const refresh = useRecruitRefresh();
  const [title, setTitle] = useState('');
  const [text, setText] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState<{ loaded: number; total: number } | null>(null);
  const create = useMutation<Awaited<ReturnType<typeof recruitApi.uploadJd>>, ApiError>({
    mutationFn: async () => {
      try {
        return await recruitApi.uploadJd(
          workspaceId,
          { file: files[0], text: files[0] ? undefined : text.trim(), title: title.trim() },
          { onProgress: (loaded, total) => setProgress({ loaded, total }) },
        );
      } catch (error) {
        throw apiErrorOf(error);
      } finally {
        setProgress(null);
      }
    },
    onSuccess: (job) => {
      void refresh();
      close();
      navigate(`/workspaces/${workspaceId}/talent-pool/jobs/${job.id}/details`);
    },
  });
  const close = () => {
    setTitle('');
    setText('');
    setFiles([]);
    create.reset();
    onClose();
  };
  const typed = title !== '' || text !== '' || files.length > 0;
  const ready = (files.length > 0 || text.trim() !== '') && !documentTooBig(t)(files);

  const guard = useDiscardGuard(typed, close);
  return (
    <FormDialog
      open={open}
      guard={guard}
      title={t('recruit:page.new_job')}
      onSubmit={() => {
        if (ready) create.mutate();
      }}
      contentClassName={styles.body}
      onClose={close}
      submitLabel={create.isPending ? t('recruit:page.creating') : t('recruit:page.create')}
      submitDisabled={!ready || create.isPending}
    >
      <Text className={styles.muted}>{t('recruit:page.new_job_hint')}</Text>
      <FormAlert error={create.error} />
      <RecruitDocumentField
        label={t('recruit:position.jd_file')}
        files={files}
        onChange={setFiles}
        accept={JD_TYPES}
        disabled={create.isPending}
      />
      {files.length === 0 && (
        <Field label={t('recruit:position.jd_text')}>
          <Textarea
            value={text}
            rows={5}
            resize="vertical"
            onChange={(_event, data) => setText(data.value)}
            disabled={create.isPending}
          />
        </Field>
      )}
      <Field label={t('recruit:position.title')} hint={t('recruit:position.title_hint')}>
        <Input
          value={title}
          maxLength={JOB_TITLE_MAX}
          onChange={(_event, data) => setTitle(data.value)}
          disabled={create.isPending}
        />
      </Field>
      {progress && (
        <Field
          label={t('recruit:position.uploading')}
          hint={`${formatFileSize(progress.loaded)} / ${formatFileSize(progress.total)}`}
        >
          <ProgressBar value={progress.total ? progress.loaded / progress.total : 0} />
        </Field>
      )}
    </FormDialog>
  );
}
