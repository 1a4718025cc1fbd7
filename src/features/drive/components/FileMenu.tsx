import { Button, MenuItem } from '@fluentui/react-components';
import {
  ArchiveRegular,
  ArrowDownloadRegular,
  ArrowUndoRegular,
  DeleteRegular,
  HistoryRegular,
  MoreHorizontalRegular,
  RenameRegular,
  TableSwitchRegular,
} from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import type { DriveFile } from '../api';
import { ButtonMenu } from '@/components/ButtonMenu';

export type FileAction =
  'download' | 'rename' | 'versions' | 'convert' | 'archive' | 'restore' | 'delete';

/** What a CSV or a workbook converts to (`files/convert-csv`), or null for other files. */
export function conversionOf(file: Pick<DriveFile, 'name'>): 'xlsx' | 'csv' | null {
  const extension = file.name.toLowerCase().split('.').pop();
  if (extension === 'csv') return 'xlsx';
  if (extension === 'xlsx') return 'csv';
  return null;
}

/** What can be done to a file where it is: current files change, archived ones come back or go. */
export function actionsFor(file: DriveFile): FileAction[] {
  if (file.status !== 'current') return ['download', 'restore', 'delete'];
  return conversionOf(file)
    ? ['download', 'rename', 'versions', 'convert', 'archive']
    : ['download', 'rename', 'versions', 'archive'];
}

/** What can be done to several selected files at once. */
export function bulkActionsFor(status: DriveFile['status']): FileAction[] {
  return status === 'current' ? ['download', 'archive'] : ['download', 'restore', 'delete'];
}

export const ACTION_ICONS: Record<FileAction, React.ReactElement> = {
  download: <ArrowDownloadRegular />,
  rename: <RenameRegular />,
  versions: <HistoryRegular />,
  convert: <TableSwitchRegular />,
  archive: <ArchiveRegular />,
  restore: <ArrowUndoRegular />,
  delete: <DeleteRegular />,
};

/** A file's actions behind one "More actions" button: the same on a phone and a desktop. */
export function FileMenu({
  file,
  onAction,
}: {
  file: DriveFile;
  onAction: (action: FileAction, file: DriveFile) => void;
}) {
  const { t } = useTranslation();
  return (
    <ButtonMenu
      positioning="below-end"
      trigger={
        <Button
          appearance="subtle"
          icon={<MoreHorizontalRegular />}
          aria-label={t('drive:actions.more', { name: file.name })}
        />
      }
    >
      {actionsFor(file).map((action) => (
        <MenuItem key={action} icon={ACTION_ICONS[action]} onClick={() => onAction(action, file)}>
          {action === 'convert'
            ? t(`drive:actions.convert_to_${conversionOf(file)}`)
            : t(`drive:actions.${action}`)}
        </MenuItem>
      ))}
    </ButtonMenu>
  );
}
