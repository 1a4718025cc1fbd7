import { Button, makeStyles, mergeClasses, tokens, Tooltip } from '@fluentui/react-components';
import {
  ArrowMaximizeRegular,
  ArrowMinimizeRegular,
  ChevronDownRegular,
  ChevronUpRegular,
  DismissRegular,
} from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useChat } from '../api';
import { chatDock, useChatWindows, type ChatWindow } from '../dock';
import { Conversation } from './Conversation';
import { column } from '@/lib/styles';

const useStyles = makeStyles({
  dock: {
    position: 'fixed',
    right: tokens.spacingHorizontalL,
    bottom: 0,
    display: 'flex',
    flexDirection: 'row-reverse',
    alignItems: 'flex-end',
    gap: tokens.spacingHorizontalS,
    zIndex: 100,
    maxWidth: 'calc(100vw - 16px)',
    '@media (max-width: 600px)': { right: '8px', left: '8px' },
  },
  window: {
    width: '320px',
    maxWidth: '100%',
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow28,
    borderRadius: `${tokens.borderRadiusLarge} ${tokens.borderRadiusLarge} 0 0`,
    ...column,
  },
  open: { height: '420px', maxHeight: '70vh' },
  fullscreen: {
    position: 'fixed',
    inset: '0',
    width: 'auto',
    height: 'auto',
    maxHeight: 'none',
    zIndex: 101,
    borderRadius: 0,
  },
  bar: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  title: {
    flexGrow: 1,
    textAlign: 'start',
    minWidth: 0,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
  },
  clear: { alignSelf: 'flex-end' },
});

/** Chat windows docked at the bottom of every page but /messages itself. */
export function ChatDock() {
  const styles = useStyles();
  const { t } = useTranslation('messages');
  const windows = useChatWindows();
  const { pathname } = useLocation();
  if (windows.length === 0 || pathname.startsWith('/messages')) return null;
  return (
    <aside className={styles.dock} aria-label={t('dock.label')}>
      {windows.map((w) => (
        <DockWindow key={w.id} window={w} />
      ))}
      {windows.length > 1 && (
        <Button size="small" className={styles.clear} onClick={() => chatDock.clear()}>
          {t('dock.clear')}
        </Button>
      )}
    </aside>
  );
}

function DockWindow({ window: w }: { window: ChatWindow }) {
  const styles = useStyles();
  const { t } = useTranslation('messages');
  const chat = useChat(w.id);
  const name = chat.data?.name ?? '…';
  const controls = (
    <>
      <Tooltip
        content={w.fullscreen ? t('dock.restore') : t('dock.fullscreen')}
        relationship="label"
      >
        <Button
          size="small"
          appearance="subtle"
          icon={w.fullscreen ? <ArrowMinimizeRegular /> : <ArrowMaximizeRegular />}
          onClick={() => chatDock.fullscreen(w.id)}
        />
      </Tooltip>
      <Tooltip content={t('dock.close')} relationship="label">
        <Button
          size="small"
          appearance="subtle"
          icon={<DismissRegular />}
          onClick={() => chatDock.remove(w.id)}
        />
      </Tooltip>
    </>
  );
  return (
    <div
      className={mergeClasses(
        styles.window,
        w.active && styles.open,
        w.fullscreen && styles.fullscreen,
      )}
      data-testid="dock-window"
    >
      {w.active || w.fullscreen ? (
        <Conversation
          chatId={w.id}
          compact
          headerActions={
            <>
              <Tooltip content={t('dock.minimise')} relationship="label">
                <Button
                  size="small"
                  appearance="subtle"
                  icon={<ChevronDownRegular />}
                  onClick={() => chatDock.activate(w.id)}
                />
              </Tooltip>
              {controls}
            </>
          }
        />
      ) : (
        <div className={styles.bar}>
          <Button
            appearance="subtle"
            className={styles.title}
            icon={<ChevronUpRegular />}
            onClick={() => chatDock.activate(w.id)}
          >
            {name}
            {chat.data && chat.data.count_new_messages > 0
              ? ` (${chat.data.count_new_messages})`
              : ''}
          </Button>
          {controls}
        </div>
      )}
    </div>
  );
}
