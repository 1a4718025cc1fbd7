import {
  UploadPanel,
  type UploadPanelProps,
  type UploadPanelWords,
} from '@/components/UploadPanel';

const CV_UPLOAD_WORDS: UploadPanelWords = {
  panel: 'recruit:board.uploads',
  heading: 'recruit:board.uploads_heading',
  clear: 'recruit:board.uploads_clear',
  progress: 'recruit:board.upload_progress',
  progressLabel: 'recruit:board.upload_progress_label',
  cancel: 'recruit:board.upload_cancel',
  failed: 'recruit:board.upload_failed',
  done: 'recruit:board.upload_done',
  merged: 'recruit:board.upload_merged',
  cancelled: 'recruit:board.upload_cancelled',
};

/** Each CV on its way up with its own bar, a cancel while it goes, and what became of it. */
export function CvUploadPanel(props: UploadPanelProps) {
  return <UploadPanel {...props} words={CV_UPLOAD_WORDS} testId="recruit-cv-upload" />;
}
