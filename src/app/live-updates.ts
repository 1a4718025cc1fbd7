import { assessmentKeys } from '@/features/assessments';
import { messageKeys } from '@/features/messages';
import { notificationKeys } from '@/features/notifications';
import { okrKeys } from '@/features/okrs';
import { taskKeys } from '@/features/tasks';
import { teamKeys } from '@/features/workspace-teams';
import { workspaceKeys } from '@/features/workspaces';
import type { LiveInvalidations } from '@/lib/realtime';
import { currentUserKey } from '@/lib/current-user';

/**
 * THE table of live updates: which cached queries each server event makes stale. Only the
 * queries on screen refetch at once; the rest refetch when next shown.
 */
export const liveInvalidations: LiveInvalidations = {
  // Boards, lists, a task's page, my work and deadlines; the workspace's counters.
  'task-changed': ({ workspace_id }) => [
    taskKeys.all,
    workspaceKeys.works(workspace_id),
    workspaceKeys.menu(),
  ],
  // An assessment was made, changed, released, closed or deleted, or someone handed in: the
  // lists, the answering screen, reports and progress, and the workspace's counters.
  'assessment-changed': ({ workspace_id }) => [
    assessmentKeys.all,
    // A 360 to answer appears in, or leaves, people's to-do (My work).
    taskKeys.todo(),
    workspaceKeys.works(workspace_id),
    workspaceKeys.menu(),
  ],
  // An objective, key result, check-in, alignment or org position changed: every OKR screen
  // and the workspace's counters.
  'okr-changed': ({ workspace_id }) => [
    okrKeys.all,
    // A check-in owed appears in, or leaves, people's to-do (My work).
    taskKeys.todo(),
    workspaceKeys.works(workspace_id),
    workspaceKeys.menu(),
  ],
  // Someone joined, left or changed role: the people and what they may do, wherever shown.
  'member-changed': ({ workspace_id }) => [
    workspaceKeys.detail(workspace_id),
    taskKeys.all,
    teamKeys.all,
  ],
  // It was me: my workspaces, my abilities in this one, and whether I still belong to it.
  'membership-changed': () => [workspaceKeys.all, taskKeys.all, teamKeys.all, currentUserKey],
  // A notification for me was made or read (another tab): the bell and the inbox.
  'notifications-changed': () => [notificationKeys.all],
  // A message came, changed or went: its chat's history, the chat list, the unread counts.
  'chat-message': ({ chat_id }) => [
    messageKeys.histories(chat_id),
    messageKeys.chats(),
    messageKeys.chat(chat_id),
    messageKeys.menu,
  ],
  // Typing is no cached data: the conversation listens to it (liveUpdates.listen).
  'chat-typing': () => [],
  // A read pointer moved: unread counts (mine), read marks (others').
  'chat-read': ({ chat_id }) => [messageKeys.chats(), messageKeys.chat(chat_id), messageKeys.menu],
  // A chat of mine was made, changed, joined or left.
  'chat-changed': ({ chat_id }) => [
    messageKeys.chats(),
    messageKeys.chat(chat_id),
    messageKeys.menu,
  ],
};
