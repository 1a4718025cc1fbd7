import { makeStyles, tokens } from '@fluentui/react-components';
import {
  DocumentPdfRegular,
  DocumentRegular,
  DocumentTextRegular,
  FolderZipRegular,
  ImageRegular,
  MusicNote2Regular,
  SlideTextRegular,
  TableRegular,
  VideoRegular,
} from '@fluentui/react-icons';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, type ReactElement } from 'react';
import { driveApi, driveKeys, type DriveFile } from '../api';
import { fileKind, type FileKind } from '../drive-view';

const ICONS: Record<FileKind, ReactElement> = {
  image: <ImageRegular />,
  pdf: <DocumentPdfRegular />,
  sheet: <TableRegular />,
  slides: <SlideTextRegular />,
  document: <DocumentRegular />,
  text: <DocumentTextRegular />,
  video: <VideoRegular />,
  audio: <MusicNote2Regular />,
  archive: <FolderZipRegular />,
  other: <DocumentRegular />,
};

const useStyles = makeStyles({
  icon: { display: 'inline-flex', color: tokens.colorBrandForeground1 },
  image: { objectFit: 'cover', borderRadius: tokens.borderRadiusMedium, display: 'block' },
});

/** The icon of a file's type. */
export function FileIcon({ file, size }: { file: DriveFile; size: number }) {
  const styles = useStyles();
  return (
    <span className={styles.icon} style={{ fontSize: size }} aria-hidden>
      {ICONS[fileKind(file.mime_type)]}
    </span>
  );
}

/** The file's thumbnail when the preview job made one, else the icon of its type. */
export function FilePreview({ file, size }: { file: DriveFile; size: number }) {
  const styles = useStyles();
  const thumbnail = useQuery({
    queryKey: driveKeys.thumbnail(file.id, file.updated_at),
    queryFn: () => driveApi.thumbnail(file.id),
    enabled: file.thumbnail_url !== null,
    staleTime: Infinity,
    retry: false,
  });
  const url = useMemo(
    () => (thumbnail.data ? URL.createObjectURL(thumbnail.data) : undefined),
    [thumbnail.data],
  );
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  if (!url) return <FileIcon file={file} size={size} />;
  return <img className={styles.image} src={url} alt="" width={size} height={size} />;
}
