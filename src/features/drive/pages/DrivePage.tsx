import {
  Button,
  makeStyles,
  Menu,
  MenuButton,
  MenuItemRadio,
  MenuList,
  MenuPopover,
  MenuTrigger,
  mergeClasses,
  SearchBox,
  Skeleton,
  SkeletonItem,
  Text,
  tokens,
  Toolbar,
  ToolbarButton,
  ToolbarRadioButton,
  ToolbarRadioGroup,
  Tooltip,
  type MenuProps,
} from '@fluentui/react-components';
import {
  ArchiveRegular,
  ArrowSortRegular,
  ArrowUploadRegular,
  CloudArrowUpRegular,
  DismissRegular,
  GridRegular,
  TextBulletListLtrRegular,
} from '@fluentui/react-icons';
import { useEffect, useState } from 'react';
import { useDropzone } from 'react-dropzone';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { DRIVE_SORTS, DRIVE_TRASH_DAYS } from '@contracts/drive';
import { useConfirm } from '@/components/ConfirmDialog';
import { EmptyState } from '@/components/EmptyState';
import { FormAlert } from '@/components/FormAlert';
import { apiErrorOf } from '@/lib/http';
import { driveApi, type DriveFile, type DriveListView } from '../api';
import { CapacityBar } from '../components/CapacityBar';
import {
  ACTION_ICONS,
  bulkActionsFor,
  conversionOf,
  type FileAction,
} from '../components/FileMenu';
import { FileGrid, FileList } from '../components/FileViews';
import { RenameDialog } from '../components/RenameDialog';
import { UploadPanel } from '../components/UploadPanel';
import { VersionsDialog } from '../components/VersionsDialog';
import { downloadFile, useDriveChange, useDriveList, useDriveUploads } from '../hooks';
import { ShowMoreButton } from '@/components/ShowMoreButton';
import { ChoiceTabs } from '@/components/ChoiceTabs';
import { useSettled } from '@/lib/use-settled';
import { column, wrappingRow } from '@/lib/styles';

const useStyles = makeStyles({
  root: {
    position: 'relative',
    ...column,
    gap: tokens.spacingVerticalM,
    maxWidth: '1100px',
    width: '100%',
    margin: '0 auto',
    minWidth: 0,
  },
  head: {
    ...wrappingRow,
    gap: tokens.spacingHorizontalM,
    '& > h1': { margin: 0, flexGrow: 1 },
  },
  capacity: { maxWidth: '420px', width: '100%' },
  tools: { ...wrappingRow, gap: tokens.spacingHorizontalS },
  search: { flexGrow: 1, minWidth: '180px', maxWidth: '360px' },
  selection: {
    ...wrappingRow,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorBrandBackground2,
  },
  dropping: {
    outline: `${tokens.strokeWidthThick} dashed ${tokens.colorBrandStroke1}`,
    outlineOffset: '4px',
  },
  dropHint: { color: tokens.colorNeutralForeground3 },
  more: { alignSelf: 'center' },
});

const LAYOUTS = ['list', 'grid'] as const;
type Layout = (typeof LAYOUTS)[number];

/** /drive and /drive/archive (spec 2.1, 7.15): one's files, current or archived. */
export default function DrivePage() {
  const styles = useStyles();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const status = useLocation().pathname.endsWith('/archive') ? 'archived' : 'current';
  const archive = status === 'archived';
  const [layout, setLayout] = useState<Layout>('list');
  const [search, setSearch] = useState('');
  const q = useSettled(search);
  const [order, setOrder] = useState<Pick<DriveListView, 'sort' | 'direction'>>({
    sort: 'updated_at',
    direction: 'desc',
  });
  const view: DriveListView = { status, q, ...order };
  const list = useDriveList(view);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [renaming, setRenaming] = useState<DriveFile | null>(null);
  const [versionsOf, setVersionsOf] = useState<DriveFile | null>(null);
  const [confirm, confirmDialog] = useConfirm();
  const uploads = useDriveUploads();
  const toArchive = useDriveChange(driveApi.archive);
  const toRestore = useDriveChange(driveApi.restore);
  const toDelete = useDriveChange(driveApi.remove);
  const busy = toArchive.isPending || toRestore.isPending || toDelete.isPending;

  useEffect(() => setSelected(new Set()), [status]);

  const { getRootProps, getInputProps, isDragActive, open } = useDropzone({
    noClick: true,
    noKeyboard: true,
    // Not `disabled`: that marks the whole page, the zone's root, as disabled to assistive tech.
    noDrag: archive,
    onDrop: (files) => !archive && files.length > 0 && uploads.start(files),
  });

  const files = list.files;
  const chosen = files.filter((file) => selected.has(file.id));
  const clear = () => setSelected(new Set());
  const toggle = (id: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const toggleAll = () =>
    setSelected(
      files.every((file) => selected.has(file.id)) ? new Set() : new Set(files.map((f) => f.id)),
    );

  const download = async (targets: DriveFile[]) => {
    for (const file of targets) await downloadFile(file.name, () => driveApi.download(file.id));
  };
  /** The converted copy lands in the drive beside the original, with the uploads' progress. */
  const convert = async (file: DriveFile) => {
    const to = conversionOf(file);
    if (!to) return;
    const { blob } = await driveApi.download(file.id);
    const converted = await driveApi.convert(new File([blob], file.name), to);
    const name = converted.filename ?? `${file.name.replace(/\.[^.]+$/, '')}.${to}`;
    uploads.start([new File([converted.blob], name)]);
  };
  const deleteForGood = async (targets: DriveFile[]) => {
    const agreed = await confirm({
      title: t('drive:delete.title', { count: targets.length }),
      message: t('drive:delete.message', { count: targets.length, name: targets[0]?.name }),
      confirmLabel: t('drive:delete.confirm'),
    });
    if (agreed)
      toDelete.mutate(
        targets.map((file) => file.id),
        { onSuccess: clear },
      );
  };
  /** One file's action from its menu, or the selection's from the toolbar. */
  const actOn = (action: FileAction, targets: DriveFile[]) => {
    const ids = targets.map((file) => file.id);
    if (action === 'download') void download(targets);
    else if (action === 'rename') setRenaming(targets[0] ?? null);
    else if (action === 'versions') setVersionsOf(targets[0] ?? null);
    // A refusal is shown by the API client; nothing else to do here.
    else if (action === 'convert') void Promise.all(targets.map(convert)).catch(() => undefined);
    else if (action === 'archive') toArchive.mutate(ids, { onSuccess: clear });
    else if (action === 'restore') toRestore.mutate(ids, { onSuccess: clear });
    else void deleteForGood(targets);
  };

  const changeError = toArchive.error ?? toRestore.error ?? toDelete.error;
  const onSort: MenuProps['onCheckedValueChange'] = (_e, { name, checkedItems }) =>
    setOrder((current) => ({ ...current, [name]: checkedItems[0] }));
  const Files = layout === 'list' ? FileList : FileGrid;

  return (
    <div
      {...getRootProps({ className: mergeClasses(styles.root, isDragActive && styles.dropping) })}
    >
      <input {...getInputProps({ 'aria-label': t('drive:upload.choose') })} />
      <div className={styles.head}>
        <Text as="h1" size={600} weight="semibold">
          {t(archive ? 'drive:archive_heading' : 'drive:heading')}
        </Text>
        <div className={styles.capacity}>
          <CapacityBar />
        </div>
      </div>
      <ChoiceTabs
        value={status}
        choices={['current', 'archived']}
        wordsOf={(tab) => (tab === 'archived' ? t('drive:tabs.archived') : t('drive:tabs.current'))}
        onChange={(tab) => void navigate(tab === 'archived' ? '/drive/archive' : '/drive')}
        label={t('drive:tabs.label')}
      />

      <div className={styles.tools}>
        {!archive && (
          <Button appearance="primary" icon={<ArrowUploadRegular />} onClick={open}>
            {t('drive:upload.button')}
          </Button>
        )}
        <SearchBox
          className={styles.search}
          value={search}
          onChange={(_e, data) => setSearch(data.value)}
          placeholder={t('drive:search')}
          aria-label={t('drive:search')}
        />
        <Menu
          checkedValues={{ sort: [order.sort], direction: [order.direction] }}
          onCheckedValueChange={onSort}
        >
          <MenuTrigger disableButtonEnhancement>
            <MenuButton icon={<ArrowSortRegular />}>
              {t('drive:sort.button', { by: t(`drive:sort.${order.sort}`) })}
            </MenuButton>
          </MenuTrigger>
          <MenuPopover>
            <MenuList>
              {DRIVE_SORTS.map((sort) => (
                <MenuItemRadio key={sort} name="sort" value={sort}>
                  {t(`drive:sort.${sort}`)}
                </MenuItemRadio>
              ))}
              <MenuItemRadio name="direction" value="asc">
                {t('drive:sort.asc')}
              </MenuItemRadio>
              <MenuItemRadio name="direction" value="desc">
                {t('drive:sort.desc')}
              </MenuItemRadio>
            </MenuList>
          </MenuPopover>
        </Menu>
        <Toolbar
          aria-label={t('drive:layout.label')}
          checkedValues={{ layout: [layout] }}
          onCheckedValueChange={(_e, data) => setLayout(data.checkedItems[0] as Layout)}
        >
          <ToolbarRadioGroup>
            {LAYOUTS.map((option) => (
              <Tooltip key={option} relationship="label" content={t(`drive:layout.${option}`)}>
                <ToolbarRadioButton
                  name="layout"
                  value={option}
                  appearance="subtle"
                  icon={option === 'list' ? <TextBulletListLtrRegular /> : <GridRegular />}
                />
              </Tooltip>
            ))}
          </ToolbarRadioGroup>
        </Toolbar>
      </div>

      {chosen.length > 0 && (
        <Toolbar className={styles.selection} aria-label={t('drive:selection.label')}>
          <Text role="status">{t('drive:selection.count', { count: chosen.length })}</Text>
          {bulkActionsFor(status).map((action) => (
            <ToolbarButton
              key={action}
              icon={ACTION_ICONS[action]}
              disabled={busy && action !== 'download'}
              onClick={() => actOn(action, chosen)}
            >
              {t(`drive:actions.${action}`)}
            </ToolbarButton>
          ))}
          <ToolbarButton icon={<DismissRegular />} onClick={clear}>
            {t('drive:selection.clear')}
          </ToolbarButton>
        </Toolbar>
      )}

      {changeError && <FormAlert error={apiErrorOf(changeError)} />}
      <UploadPanel
        uploads={uploads.uploads}
        onCancel={uploads.cancel}
        onClear={uploads.clearFinished}
      />

      {list.isPending ? (
        <Skeleton aria-label={t('drive:loading')}>
          {[0, 1, 2, 3, 4].map((row) => (
            <SkeletonItem key={row} size={40} style={{ marginBottom: tokens.spacingVerticalS }} />
          ))}
        </Skeleton>
      ) : list.isError ? (
        <FormAlert error={apiErrorOf(list.error)} title={t('drive:errors.list')} />
      ) : files.length === 0 ? (
        <EmptyState
          headingLevel={2}
          icon={archive ? <ArchiveRegular /> : <CloudArrowUpRegular />}
          title={t(
            q
              ? 'drive:empty.search_title'
              : archive
                ? 'drive:empty.archive_title'
                : 'drive:empty.title',
          )}
          description={
            q
              ? t('drive:empty.search', { q })
              : archive
                ? t('drive:empty.archive', { days: DRIVE_TRASH_DAYS })
                : t('drive:empty.description')
          }
          actions={
            !archive &&
            !q && (
              <Button appearance="primary" icon={<ArrowUploadRegular />} onClick={open}>
                {t('drive:upload.button')}
              </Button>
            )
          }
        />
      ) : (
        <>
          {archive && (
            <Text className={styles.dropHint}>
              {t('drive:archive_note', { days: DRIVE_TRASH_DAYS })}
            </Text>
          )}
          <Files
            files={files}
            selected={selected}
            onToggle={toggle}
            onToggleAll={toggleAll}
            onAction={(action, file) => actOn(action, [file])}
          />
          <ShowMoreButton list={list} className={styles.more}>
            {t('drive:more')}
          </ShowMoreButton>
          {!archive && <Text className={styles.dropHint}>{t('drive:upload.hint')}</Text>}
        </>
      )}

      {renaming && <RenameDialog file={renaming} onClose={() => setRenaming(null)} />}
      {versionsOf && <VersionsDialog file={versionsOf} onClose={() => setVersionsOf(null)} />}
      {confirmDialog}
    </div>
  );
}
