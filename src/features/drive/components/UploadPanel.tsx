import {
  UploadPanel as FilesUploadPanel,
  type UploadPanelProps,
  type UploadPanelWords,
} from '@/components/UploadPanel';

const DRIVE_UPLOAD_WORDS: UploadPanelWords = {
  panel: 'drive:upload.panel',
  heading: 'drive:upload.heading',
  clear: 'drive:upload.clear',
  progress: 'drive:upload.progress',
  progressLabel: 'drive:upload.progress_label',
  cancel: 'drive:upload.cancel',
  failed: 'drive:upload.failed',
  done: 'drive:upload.done',
  cancelled: 'drive:upload.cancelled',
};

/** The drive's uploads, each with its bar, its cancel and the refusal in words. */
export function UploadPanel(props: UploadPanelProps) {
  return <FilesUploadPanel {...props} words={DRIVE_UPLOAD_WORDS} testId="drive-upload" />;
}
