import { Checkbox, makeStyles, mergeClasses, Text, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { PlainTable } from '@/components/PlainTable';
import { formatFileSize } from '@/lib/file-size';
import { formatDate, formatDateTime } from '@/lib/format';
import type { DriveFile } from '../api';
import { FileMenu, type FileAction } from './FileMenu';
import { FilePreview } from './FilePreview';
import { bareList, column, tileGrid } from '@/lib/styles';

const PHONE = '@media (max-width: 599px)';

const useStyles = makeStyles({
  table: { tableLayout: 'fixed', width: '100%' },
  select: { width: '44px' },
  menu: { width: '48px' },
  wide: { width: '230px', [PHONE]: { display: 'none' } },
  size: { width: '96px', [PHONE]: { display: 'none' } },
  name: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, minWidth: 0 },
  nameText: { ...column, minWidth: 0 },
  ellipsis: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  phoneLine: {
    display: 'none',
    color: tokens.colorNeutralForeground3,
    [PHONE]: { display: 'block' },
  },
  grid: {
    ...bareList,
    ...tileGrid('160px'),
    gap: tokens.spacingHorizontalM,
    [PHONE]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
  },
  card: {
    position: 'relative',
    ...column,
    alignItems: 'center',
    gap: tokens.spacingVerticalXS,
    minWidth: 0,
    padding: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusLarge,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  selected: {
    border: `${tokens.strokeWidthThin} solid ${tokens.colorBrandStroke1}`,
    backgroundColor: tokens.colorBrandBackground2,
  },
  cardTop: { alignSelf: 'stretch', display: 'flex', justifyContent: 'space-between' },
  cardName: { alignSelf: 'stretch', textAlign: 'center' },
  muted: { color: tokens.colorNeutralForeground3 },
});

export interface FileViewProps {
  files: DriveFile[];
  selected: ReadonlySet<number>;
  onToggle: (id: number) => void;
  onToggleAll: () => void;
  onAction: (action: FileAction, file: DriveFile) => void;
}

function FileCheckbox({
  file,
  selected,
  onToggle,
}: Pick<FileViewProps, 'selected' | 'onToggle'> & { file: DriveFile }) {
  const { t } = useTranslation();
  return (
    <Checkbox
      checked={selected.has(file.id)}
      onChange={() => onToggle(file.id)}
      aria-label={t('drive:select_one', { name: file.name })}
    />
  );
}

const when = (file: DriveFile) => formatDateTime(file.archived_at ?? file.updated_at);

/** The files as rows: name, when changed (or archived), size; on a phone, name and one line. */
export function FileList({ files, selected, onToggle, onToggleAll, onAction }: FileViewProps) {
  const styles = useStyles();
  const { t } = useTranslation();
  const all = files.length > 0 && files.every((file) => selected.has(file.id));
  const some = files.some((file) => selected.has(file.id));
  const archived = files[0]?.status === 'archived';
  return (
    <PlainTable
      className={styles.table}
      label={t('drive:list_label')}
      items={files}
      rowKey={(file) => file.id}
      rowProps={(file) => ({
        'data-testid': 'drive-file',
        'aria-selected': selected.has(file.id),
      })}
      columns={[
        {
          id: 'select',
          headerClassName: styles.select,
          label: (
            <Checkbox
              checked={all ? true : some ? 'mixed' : false}
              onChange={onToggleAll}
              aria-label={t('drive:select_all')}
            />
          ),
          render: (file) => <FileCheckbox file={file} selected={selected} onToggle={onToggle} />,
        },
        {
          id: 'name',
          label: t('drive:columns.name'),
          render: (file) => (
            <div className={styles.name}>
              <FilePreview file={file} size={24} />
              <div className={styles.nameText}>
                <Text className={styles.ellipsis} title={file.name}>
                  {file.name}
                </Text>
                <Text size={200} className={styles.phoneLine}>
                  {formatFileSize(file.size)} · {formatDate(file.archived_at ?? file.updated_at)}
                </Text>
              </div>
            </div>
          ),
        },
        {
          id: 'when',
          className: styles.wide,
          label: t(archived ? 'drive:columns.archived' : 'drive:columns.modified'),
          render: when,
        },
        {
          id: 'size',
          className: styles.size,
          label: t('drive:columns.size'),
          render: (file) => formatFileSize(file.size),
        },
        {
          id: 'menu',
          headerClassName: styles.menu,
          ariaLabel: t('drive:columns.actions'),
          render: (file) => <FileMenu file={file} onAction={onAction} />,
        },
      ]}
    />
  );
}

/** The files as tiles with their thumbnails. */
export function FileGrid({ files, selected, onToggle, onAction }: FileViewProps) {
  const styles = useStyles();
  const { t } = useTranslation();
  return (
    <ul className={styles.grid} aria-label={t('drive:list_label')}>
      {files.map((file) => (
        <li
          key={file.id}
          data-testid="drive-file"
          className={mergeClasses(styles.card, selected.has(file.id) && styles.selected)}
        >
          <div className={styles.cardTop}>
            <FileCheckbox file={file} selected={selected} onToggle={onToggle} />
            <FileMenu file={file} onAction={onAction} />
          </div>
          <FilePreview file={file} size={96} />
          <Text className={mergeClasses(styles.cardName, styles.ellipsis)} title={file.name}>
            {file.name}
          </Text>
          <Text size={200} className={styles.muted}>
            {formatFileSize(file.size)}
          </Text>
        </li>
      ))}
    </ul>
  );
}
