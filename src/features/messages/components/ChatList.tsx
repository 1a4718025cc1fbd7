import {
  Avatar,
  Button,
  Caption1,
  CounterBadge,
  makeStyles,
  mergeClasses,
  SearchBox,
  Spinner,
  Text,
  tokens,
} from '@fluentui/react-components';
import { AddRegular, AlertOffRegular, MentionRegular } from '@fluentui/react-icons';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { EmptyState } from '@/components/EmptyState';
import { countBadge } from '@/lib/count-badge';
import { formatDateTime } from '@/lib/format';
import { messagingApi, useChats, type ChatEntry } from '../api';
import { messageKeys } from '../keys';
import { GroupDialog } from './GroupDialog';
import { Busy } from '@/components/Busy';
import { column } from '@/lib/styles';

const useStyles = makeStyles({
  root: { ...column, minHeight: 0, height: '100%' },
  tools: { display: 'flex', gap: tokens.spacingHorizontalS, padding: tokens.spacingHorizontalS },
  search: { flexGrow: 1 },
  list: { overflowY: 'auto', flexGrow: 1, listStyle: 'none', margin: 0, padding: 0 },
  item: {
    display: 'flex',
    gap: tokens.spacingHorizontalS,
    alignItems: 'center',
    width: '100%',
    textAlign: 'start',
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    border: 'none',
    background: 'none',
    cursor: 'pointer',
    color: 'inherit',
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}` },
  },
  selected: { backgroundColor: tokens.colorNeutralBackground1Selected },
  body: { flexGrow: 1, minWidth: 0, ...column },
  line: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  meta: { color: tokens.colorNeutralForeground3 },
  heading: { padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}` },
});

/** What the list says of a chat's newest message: its text, else its files, or that it is gone. */
function lastMessagePreview(chat: ChatEntry, t: TFunction): string {
  if (chat.is_deleted) return t('deleted');
  if (chat.text) return chat.text;
  const [first, ...others] = chat.file_names;
  if (first === undefined) return '';
  return others.length ? t('files_preview', { name: first, count: others.length }) : first;
}

/** The chat list with unread badges and search (chats and people, paged until empty). */
export function ChatList({
  selected,
  onSelect,
}: {
  selected: number | null;
  onSelect: (chatId: number) => void;
}) {
  const styles = useStyles();
  const { t } = useTranslation('messages');
  const [query, setQuery] = useState('');
  const q = useDeferredValue(query.trim());
  const [creating, setCreating] = useState(false);
  const chats = useChats();
  const search = useInfiniteQuery({
    queryKey: messageKeys.search(q),
    queryFn: ({ pageParam }) => messagingApi.search(q, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last, pages) =>
      last.common_workspace_chat.length === 0 && last.people.length === 0
        ? undefined
        : pages.length + 1,
    enabled: q.length > 0,
  });
  const found = search.data?.pages ?? [];
  const foundChats = found.flatMap((p) => p.common_workspace_chat);
  const foundPeople = found.flatMap((p) => p.people);

  const openPerson = async (userId: number) => {
    const chat = await messagingApi.userChat(userId).catch(() => null);
    if (chat) {
      setQuery('');
      void chats.refetch();
      onSelect(chat.id);
    }
  };

  const renderChat = (chat: ChatEntry) => (
    <li key={chat.id}>
      <button
        type="button"
        className={mergeClasses(styles.item, selected === chat.id && styles.selected)}
        aria-current={selected === chat.id ? 'true' : undefined}
        onClick={() => onSelect(chat.id)}
        data-testid="chat-entry"
      >
        <Avatar name={chat.name} size={32} />
        <span className={styles.body}>
          <Text
            weight={chat.count_new_messages > 0 ? 'semibold' : 'regular'}
            className={styles.line}
          >
            {chat.name}
          </Text>
          <Caption1 className={mergeClasses(styles.line, styles.meta)}>
            {chat.leave_at
              ? t('left_at', { date: formatDateTime(chat.leave_at) })
              : chat.text === null
                ? t('no_messages')
                : `${chat.owner_name ?? ''}: ${lastMessagePreview(chat, t)}`}
          </Caption1>
        </span>
        {chat.is_mute && <AlertOffRegular aria-label={t('muted')} />}
        {chat.is_tagged && <MentionRegular aria-label={t('tagged')} />}
        {chat.count_new_messages > 0 && (
          <CounterBadge
            count={chat.count_new_messages}
            overflowCount={99}
            color={chat.is_mute ? 'informative' : 'brand'}
            aria-label={t('unread', {
              count: chat.count_new_messages,
              shown: countBadge(chat.count_new_messages),
            })}
            data-testid="chat-unread"
          />
        )}
      </button>
    </li>
  );

  return (
    <nav className={styles.root} aria-label={t('chats')}>
      <div className={styles.tools}>
        <SearchBox
          className={styles.search}
          value={query}
          placeholder={t('search')}
          aria-label={t('search')}
          onChange={(_, d) => setQuery(d.value)}
        />
        <Button
          icon={<AddRegular />}
          onClick={() => setCreating(true)}
          aria-label={t('group.new_title')}
        />
      </div>
      {q ? (
        <ul className={styles.list}>
          {search.isPending && <Busy size="small" />}
          {foundChats.map(renderChat)}
          {foundPeople.length > 0 && (
            <li className={styles.heading}>
              <Caption1 className={styles.meta}>{t('people')}</Caption1>
            </li>
          )}
          {foundPeople.map((p) => (
            <li key={`p${p.id}`}>
              <button type="button" className={styles.item} onClick={() => void openPerson(p.id)}>
                <Avatar
                  name={p.name}
                  image={p.avatar_url ? { src: p.avatar_url } : undefined}
                  size={32}
                />
                <span className={styles.body}>
                  <Text className={styles.line}>{p.name}</Text>
                </span>
              </button>
            </li>
          ))}
          {search.hasNextPage && (
            <li>
              <Button appearance="subtle" onClick={() => void search.fetchNextPage()}>
                {t('more_results')}
              </Button>
            </li>
          )}
          {!search.isPending && foundChats.length === 0 && foundPeople.length === 0 && (
            <li className={styles.heading}>
              <Text>{t('nothing_found')}</Text>
            </li>
          )}
        </ul>
      ) : chats.isPending ? (
        <Spinner label={t('loading')} />
      ) : chats.isError ? (
        <EmptyState title={t('errors.chats')} />
      ) : chats.data.length === 0 ? (
        <EmptyState title={t('empty.title')} description={t('empty.description')} />
      ) : (
        <ul className={styles.list}>{chats.data.map(renderChat)}</ul>
      )}
      {creating && (
        <GroupDialog
          open
          onClose={() => setCreating(false)}
          onSaved={(chat) => onSelect(chat.id)}
        />
      )}
    </nav>
  );
}
