import { inArray } from 'drizzle-orm';
import type { Actor } from '../../../core/actor';
import { personColumns, presentPerson } from '../../../core/people';
import { users } from '../../../db/schema';
import { searchPeople } from '../members';
import { listEntries } from '../store';
import type { MessagingDeps } from './deps';

export interface ChatPageInput {
  page: number;
  perPage: number;
  /** Only the chats linked to tasks. */
  taskChats?: boolean;
}

/** A page of the actor's chats with unread counts and last message, newest first. */
export async function listChats(deps: MessagingDeps, actor: Actor, input: ChatPageInput) {
  const { page, perPage } = input;
  const { entries, total } = await listEntries(deps.db, actor.userId, {
    modelType: input.taskChats ? 'task' : undefined,
    limit: perPage,
    offset: (page - 1) * perPage,
  });
  return { chats: entries, meta: { page, per_page: perPage, total } };
}

/** The actor's chats and the people they can reach that match a text, one page of each. */
export async function searchChats(
  deps: MessagingDeps,
  actor: Actor,
  input: { q: string; page: number; perPage: number },
) {
  const { db } = deps;
  const offset = (input.page - 1) * input.perPage;
  const [{ entries }, people] = await Promise.all([
    listEntries(db, actor.userId, { search: input.q, limit: input.perPage, offset }),
    searchPeople(db, actor.userId, input.q, input.perPage, offset),
  ]);
  const found = people.length
    ? await db
        .select(personColumns)
        .from(users)
        .where(
          inArray(
            users.id,
            people.map((p) => p.id),
          ),
        )
    : [];
  const byId = new Map(found.map((p) => [p.id, presentPerson(p)]));
  return {
    common_workspace_chat: entries,
    people: people.flatMap((p) => byId.get(p.id) ?? []),
  };
}
