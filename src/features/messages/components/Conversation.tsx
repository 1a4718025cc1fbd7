import {
  Avatar,
  Button,
  Caption1,
  Link,
  makeStyles,
  MenuItem,
  MenuList,
  mergeClasses,
  MessageBar,
  MessageBarBody,
  Spinner,
  Text,
  Textarea,
  tokens,
  Tooltip,
} from '@fluentui/react-components';
import {
  ArrowReplyRegular,
  AttachRegular,
  DeleteRegular,
  DismissRegular,
  EditRegular,
  EmojiRegular,
  MoreHorizontalRegular,
  SendRegular,
} from '@fluentui/react-icons';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { REACTIONS } from '@contracts/messaging';
import { useSignedInUser } from '@/lib/current-user';
import { formatDateTime } from '@/lib/format';
import { localStore } from '@/lib/storage';
import { saveFile } from '@/lib/save-file';
import {
  messagingApi,
  useChat,
  useHistory,
  useRefreshChats,
  type ChatDetail,
  type ChatMessage,
} from '../api';
import { messageKeys } from '../keys';
import { draftKey } from '../dock';
import { useTyping } from '../live';
import { ChatMenu } from './ChatMenu';
import { Busy } from '@/components/Busy';
import { column, wrappingRow } from '@/lib/styles';
import { ButtonMenu } from '@/components/ButtonMenu';

const useStyles = makeStyles({
  root: { ...column, height: '100%', minHeight: 0, minWidth: 0 },
  header: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  title: { flexGrow: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis' },
  history: {
    flexGrow: 1,
    overflowY: 'auto',
    display: 'flex',
    flexDirection: 'column-reverse',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingHorizontalM,
    minHeight: 0,
  },
  message: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'flex-start' },
  bubble: {
    backgroundColor: tokens.colorNeutralBackground3,
    borderRadius: tokens.borderRadiusLarge,
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`,
    maxWidth: '100%',
    minWidth: 0,
  },
  mine: { backgroundColor: tokens.colorBrandBackground2 },
  text: { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' },
  deleted: { fontStyle: 'italic', color: tokens.colorNeutralForeground3 },
  meta: { color: tokens.colorNeutralForeground3 },
  mention: { color: tokens.colorBrandForeground1, fontWeight: tokens.fontWeightSemibold },
  actions: { ...wrappingRow, gap: tokens.spacingHorizontalXS },
  composer: {
    borderTop: `1px solid ${tokens.colorNeutralStroke2}`,
    padding: tokens.spacingHorizontalS,
    ...column,
    gap: tokens.spacingVerticalXS,
    position: 'relative',
  },
  row: { display: 'flex', gap: tokens.spacingHorizontalXS, alignItems: 'flex-end' },
  input: { flexGrow: 1 },
  suggestions: {
    position: 'absolute',
    bottom: '100%',
    left: tokens.spacingHorizontalS,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow16,
    borderRadius: tokens.borderRadiusMedium,
    zIndex: 2,
    minWidth: '200px',
  },
  thread: {
    borderLeft: `2px solid ${tokens.colorNeutralStroke1}`,
    paddingLeft: tokens.spacingHorizontalS,
    ...column,
    gap: tokens.spacingVerticalXS,
  },
  typing: {
    minHeight: '1.2em',
    color: tokens.colorNeutralForeground3,
    paddingLeft: tokens.spacingHorizontalM,
  },
});

/** The conversation: history (newest at the bottom, older pages on demand), composer, menu. */
export function Conversation({
  chatId,
  compact = false,
  headerActions,
  leading,
}: {
  chatId: number;
  compact?: boolean;
  headerActions?: React.ReactNode;
  /** Before the chat's name (the way back to the list on phones). */
  leading?: React.ReactNode;
}) {
  const styles = useStyles();
  const { t } = useTranslation('messages');
  const me = useSignedInUser();
  const chat = useChat(chatId);
  const history = useHistory(chatId);
  const refresh = useRefreshChats();
  const messages = useMemo(
    () => history.data?.pages.flatMap((p) => p.messages) ?? [],
    [history.data],
  );
  const newest = messages[0]?.id ?? 0;
  const typing = useTyping(
    chatId,
    me.id,
    messages[0] ? { id: newest, userId: messages[0].owner?.id ?? null } : null,
  );

  // What is on screen is read: the pointer moves to the newest message shown.
  const lastRead = chat.data?.last_read_message_id ?? 0;
  useEffect(() => {
    if (!chat.data || newest <= lastRead || document.visibilityState === 'hidden') return;
    void messagingApi
      .read(chatId, newest)
      .then(() => refresh(chatId))
      .catch(() => undefined);
  }, [chat.data, chatId, newest, lastRead, refresh]);

  if (chat.isError) {
    return (
      <MessageBar intent="error">
        <MessageBarBody>{t('errors.chat')}</MessageBarBody>
      </MessageBar>
    );
  }
  if (!chat.data) return <Spinner label={t('loading')} />;
  const detail = chat.data;
  const typingNames = typing
    .map((id) => detail.members.find((m) => m.id === id)?.first_name)
    .filter(Boolean);

  return (
    <section className={styles.root} aria-label={detail.name}>
      <div className={styles.header}>
        {leading}
        <Avatar name={detail.name} size={compact ? 24 : 32} />
        <Text weight="semibold" className={styles.title} truncate wrap={false}>
          {detail.name}
        </Text>
        {!compact && <ChatMenu chat={detail} />}
        {headerActions}
      </div>
      <div className={styles.history} role="log" aria-live="polite" aria-label={t('history')}>
        {history.isPending && <Busy size="small" />}
        {history.isError && <Text>{t('errors.history')}</Text>}
        {messages.map((message) => (
          <MessageItem key={message.id} message={message} chat={detail} meId={me.id} />
        ))}
        {history.hasNextPage && (
          <Button
            appearance="subtle"
            onClick={() => void history.fetchNextPage()}
            disabled={history.isFetchingNextPage}
          >
            {t('older')}
          </Button>
        )}
        {!history.isPending && messages.length === 0 && (
          <Text className={styles.meta}>{t('no_messages')}</Text>
        )}
      </div>
      <div className={styles.typing} aria-live="polite">
        {typingNames.length > 0 && t('typing', { names: typingNames.join(', ') })}
      </div>
      <Composer chat={detail} />
    </section>
  );
}

function MessageText({ message, chat }: { message: ChatMessage; chat: ChatDetail }) {
  const styles = useStyles();
  const names = chat.members
    .filter((m) => message.mentions.includes(m.id))
    .map((m) => `@${m.name}`);
  if (names.length === 0) return <>{message.text}</>;
  const pattern = new RegExp(
    `(${names.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})`,
  );
  return (
    <>
      {message.text.split(pattern).map((part, i) =>
        names.includes(part) ? (
          <span key={i} className={styles.mention}>
            {part}
          </span>
        ) : (
          part
        ),
      )}
    </>
  );
}

function MessageItem({
  message,
  chat,
  meId,
  inThread = false,
}: {
  message: ChatMessage;
  chat: ChatDetail;
  meId: number;
  inThread?: boolean;
}) {
  const styles = useStyles();
  const { t } = useTranslation('messages');
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<string | null>(null);
  const [threadOpen, setThreadOpen] = useState(false);
  const mine = message.owner?.id === meId;
  const active = chat.leave_at === null;
  const changed = () => queryClient.invalidateQueries({ queryKey: messageKeys.histories(chat.id) });

  const download = async (file: ChatMessage['files'][number]) => {
    saveFile(await messagingApi.file(message.id, file.id), file.name);
  };

  return (
    <div className={styles.message} data-testid="chat-message">
      <Avatar name={message.owner_name || '?'} size={28} />
      <div className={mergeClasses(styles.bubble, mine && styles.mine)}>
        <Caption1 className={styles.meta}>
          {message.owner_name || t('someone')} · {formatDateTime(message.send_at)}
          {message.is_edited && !message.is_deleted && ` · ${t('edited')}`}
        </Caption1>
        {message.is_deleted ? (
          <Text block className={styles.deleted}>
            {t('deleted')}
          </Text>
        ) : editing !== null ? (
          <form
            onSubmit={async (e) => {
              e.preventDefault();
              // A refusal is shown by the client's notices; the text stays for another try.
              const saved = await messagingApi.edit(message.id, editing).then(
                () => true,
                () => false,
              );
              if (saved) setEditing(null);
              await changed();
            }}
          >
            <Textarea
              value={editing}
              aria-label={t('edit_label')}
              onChange={(_, d) => setEditing(d.value)}
              resize="vertical"
            />
            <div className={styles.actions}>
              <Button type="submit" appearance="primary" size="small" disabled={!editing.trim()}>
                {t('save')}
              </Button>
              <Button size="small" onClick={() => setEditing(null)}>
                {t('cancel')}
              </Button>
            </div>
          </form>
        ) : (
          <Text block className={styles.text}>
            <MessageText message={message} chat={chat} />
          </Text>
        )}
        {message.link_preview && (
          <Link href={message.link_preview.url} target="_blank" rel="noopener noreferrer">
            {message.link_preview.title}
          </Link>
        )}
        {message.files.length > 0 && (
          <div className={styles.actions}>
            {message.files.map((file) => (
              <Button
                key={file.id}
                size="small"
                icon={<AttachRegular />}
                onClick={() => void download(file)}
              >
                {file.name}
              </Button>
            ))}
          </div>
        )}
        {!message.is_deleted && (
          <div className={styles.actions}>
            {message.reactions.map((r) => (
              <Button
                key={r.emoji}
                size="small"
                appearance={r.mine ? 'primary' : 'outline'}
                aria-pressed={r.mine}
                disabled={!active}
                onClick={async () => {
                  const emoji = REACTIONS.find((known) => known === r.emoji);
                  if (emoji) await messagingApi.react(message.id, emoji).catch(() => undefined);
                  await changed();
                }}
              >
                {r.emoji} {r.count}
              </Button>
            ))}
            {active && (
              <ButtonMenu
                trigger={
                  <Tooltip content={t('react')} relationship="label">
                    <Button size="small" appearance="subtle" icon={<EmojiRegular />} />
                  </Tooltip>
                }
              >
                {REACTIONS.map((emoji) => (
                  <MenuItem
                    key={emoji}
                    onClick={async () => {
                      await messagingApi.react(message.id, emoji).catch(() => undefined);
                      await changed();
                    }}
                  >
                    {emoji}
                  </MenuItem>
                ))}
              </ButtonMenu>
            )}
            {!inThread && (active || message.reply_count > 0) && (
              <Button
                size="small"
                appearance="subtle"
                icon={<ArrowReplyRegular />}
                aria-expanded={threadOpen}
                onClick={() => setThreadOpen(!threadOpen)}
              >
                {message.reply_count > 0
                  ? t('replies', { count: message.reply_count })
                  : t('reply')}
              </Button>
            )}
            {mine && active && (
              <ButtonMenu
                trigger={
                  <Tooltip content={t('more')} relationship="label">
                    <Button size="small" appearance="subtle" icon={<MoreHorizontalRegular />} />
                  </Tooltip>
                }
              >
                <MenuItem icon={<EditRegular />} onClick={() => setEditing(message.text)}>
                  {t('edit')}
                </MenuItem>
                <MenuItem
                  icon={<DeleteRegular />}
                  onClick={async () => {
                    await messagingApi.remove(message.id).catch(() => undefined);
                    await changed();
                  }}
                >
                  {t('delete')}
                </MenuItem>
              </ButtonMenu>
            )}
          </div>
        )}
        {threadOpen && <Thread chat={chat} parent={message} meId={meId} />}
      </div>
    </div>
  );
}

function Thread({ chat, parent, meId }: { chat: ChatDetail; parent: ChatMessage; meId: number }) {
  const styles = useStyles();
  const { t } = useTranslation('messages');
  const replies = useHistory(chat.id, parent.id);
  const list = replies.data?.pages.flatMap((p) => p.messages).reverse() ?? [];
  return (
    <div className={styles.thread} aria-label={t('thread')}>
      {replies.isPending && <Busy size="tiny" />}
      {list.map((m) => (
        <MessageItem key={m.id} message={m} chat={chat} meId={meId} inThread />
      ))}
      {chat.leave_at === null && <Composer chat={chat} parentId={parent.id} />}
    </div>
  );
}

const MENTION = /@([^\s@]*)$/;

function Composer({ chat, parentId }: { chat: ChatDetail; parentId?: number }) {
  const styles = useStyles();
  const { t } = useTranslation('messages');
  const queryClient = useQueryClient();
  const me = useSignedInUser();
  const key = draftKey(chat.id, parentId);
  const [text, setText] = useState(() => localStore.get(key) ?? '');
  const [files, setFiles] = useState<File[]>([]);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [mentionQuery, setMentionQuery] = useState<string | null>(null);
  const lastTyping = useRef(0);
  const fileInput = useRef<HTMLInputElement>(null);
  const refresh = useRefreshChats();

  useEffect(() => {
    setText(localStore.get(key) ?? '');
    setFiles([]);
  }, [key]);

  if (chat.leave_at !== null) {
    return (
      <div className={styles.composer}>
        <Text className={styles.meta}>{t('left_notice')}</Text>
      </div>
    );
  }
  if (!chat.send_message_permission && !chat.is_admin) {
    return (
      <div className={styles.composer}>
        <Text className={styles.meta}>{t('admins_only')}</Text>
      </div>
    );
  }

  const others = chat.members.filter((m) => !m.left && m.id !== me.id);
  const suggestions =
    mentionQuery === null
      ? []
      : others.filter((m) => m.name.toLowerCase().includes(mentionQuery.toLowerCase())).slice(0, 6);

  const change = (value: string) => {
    setText(value);
    setError(null);
    if (value) localStore.set(key, value);
    else localStore.remove(key);
    const match = MENTION.exec(value);
    setMentionQuery(match ? match[1] : null);
    if (value && Date.now() - lastTyping.current > 3000) {
      lastTyping.current = Date.now();
      void messagingApi.typing(chat.id).catch(() => undefined);
    }
  };

  const pick = (name: string) => {
    change(text.replace(MENTION, `@${name} `));
    setMentionQuery(null);
  };

  const send = async () => {
    const body = text.trim();
    if ((!body && files.length === 0) || sending) return;
    setSending(true);
    try {
      const mentions = others.filter((m) => body.includes(`@${m.name}`)).map((m) => m.id);
      if (files.length > 0) await messagingApi.sendFiles(chat.id, body, files, parentId);
      else await messagingApi.send({ chat_id: chat.id, text: body, parent_id: parentId, mentions });
      setText('');
      setFiles([]);
      localStore.remove(key);
      await queryClient.invalidateQueries({ queryKey: messageKeys.history(chat.id, parentId) });
      if (parentId) {
        await queryClient.invalidateQueries({ queryKey: messageKeys.history(chat.id) });
      }
      refresh(chat.id);
    } catch (e) {
      const messages = (e as { response?: { data?: { messages?: string[] } } }).response?.data
        ?.messages;
      setError(messages?.[0] ?? t('errors.send'));
    } finally {
      setSending(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      if (suggestions.length > 0) pick(suggestions[0].name);
      else void send();
    }
    if (event.key === 'Escape') setMentionQuery(null);
  };

  return (
    <div className={styles.composer}>
      {suggestions.length > 0 && (
        <div className={styles.suggestions} role="listbox" aria-label={t('mention_people')}>
          <MenuList>
            {suggestions.map((m) => (
              <MenuItem key={m.id} onClick={() => pick(m.name)}>
                {m.name}
              </MenuItem>
            ))}
          </MenuList>
        </div>
      )}
      {error && (
        <MessageBar intent="error">
          <MessageBarBody>{error}</MessageBarBody>
        </MessageBar>
      )}
      {files.length > 0 && (
        <div className={styles.actions}>
          {files.map((file, i) => (
            <Button
              key={`${file.name}-${i}`}
              size="small"
              icon={<DismissRegular />}
              iconPosition="after"
              aria-label={t('remove_file', { name: file.name })}
              onClick={() => setFiles(files.filter((_, j) => j !== i))}
            >
              {file.name}
            </Button>
          ))}
        </div>
      )}
      <div className={styles.row}>
        <input
          ref={fileInput}
          type="file"
          multiple
          hidden
          onChange={(e) => {
            setFiles([...files, ...Array.from(e.target.files ?? [])].slice(0, 10));
            e.target.value = '';
          }}
        />
        <Tooltip content={t('attach')} relationship="label">
          <Button
            appearance="subtle"
            icon={<AttachRegular />}
            onClick={() => fileInput.current?.click()}
          />
        </Tooltip>
        <Textarea
          className={styles.input}
          value={text}
          placeholder={parentId ? t('reply_placeholder') : t('placeholder')}
          aria-label={parentId ? t('reply_placeholder') : t('placeholder')}
          onChange={(_, d) => change(d.value)}
          onKeyDown={onKeyDown}
          resize="vertical"
          rows={1}
        />
        <Tooltip content={t('send')} relationship="label">
          <Button
            appearance="primary"
            icon={<SendRegular />}
            disabled={sending || (!text.trim() && files.length === 0)}
            onClick={() => void send()}
          />
        </Tooltip>
      </div>
    </div>
  );
}
