import { and, eq, type SQL } from 'drizzle-orm';
import type { Actor } from '../../../core/actor';
import type { Database } from '../../../db/client';
import { chats } from '../../../db/schema';
import { notFound, validationFailed } from '../../../http/errors';
import { chatChanged } from '../live';
import { addMembers, peopleOfModel, reachablePeople } from '../members';
import { chatDetail } from '../store';
import type { MessagingDeps } from './deps';

type ChatValues = typeof chats.$inferInsert;

/**
 * The one chat of a person pair, a task, a team or a workspace: made on first use, found again
 * after (a unique key makes a race insert once), renamed to its model's name and given the
 * people it should hold.
 */
export async function upsertChat(
  db: Database,
  values: ChatValues,
  existing: SQL | undefined,
  members: { ids: Iterable<number>; admins: number[] },
): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.insert(chats).values(values).onConflictDoNothing();
    const [chat] = await tx.select().from(chats).where(existing);
    if (values.name !== undefined && values.name !== chat.name) {
      await tx.update(chats).set({ name: values.name }).where(eq(chats.id, chat.id));
    }
    await addMembers(tx, chat.id, members.ids, members.admins);
    return chat.id;
  });
}

/** The direct chat of the actor and one person they share a workspace with. */
export async function openUserChat(deps: MessagingDeps, actor: Actor, otherId: number) {
  const { db } = deps;
  if (otherId === actor.userId) {
    throw validationFailed({ user_id: 'messaging:messages.chat_with_self' });
  }
  const reachable = await reachablePeople(db, actor.userId, [otherId]);
  if (!reachable.has(otherId)) throw notFound('messaging:messages.person_not_found');
  const pair = [actor.userId, otherId];
  const pairKey = `${Math.min(...pair)}:${Math.max(...pair)}`;
  const chatId = await upsertChat(
    db,
    { kind: 'user', pairKey, createdBy: actor.userId },
    eq(chats.pairKey, pairKey),
    { ids: pair, admins: pair },
  );
  chatChanged(deps.realtime, pair, chatId);
  return { chat: await chatDetail(db, actor.userId, chatId) };
}

/** The chat of a task or team, with the model's people in it; others learn nothing of it. */
export async function openModelChat(
  deps: MessagingDeps,
  actor: Actor,
  input: { modelType: 'task' | 'team'; modelId: number },
) {
  const { db } = deps;
  const { modelType, modelId } = input;
  const model = await peopleOfModel(db, modelType, modelId);
  if (!model.people.has(actor.userId)) throw notFound('messaging:messages.model_not_found');
  const chatId = await upsertChat(
    db,
    {
      kind: modelType,
      name: model.name,
      workspaceId: model.workspaceId,
      modelType,
      modelId,
      createdBy: actor.userId,
    },
    and(eq(chats.modelType, modelType), eq(chats.modelId, modelId)),
    { ids: model.people, admins: [actor.userId] },
  );
  chatChanged(deps.realtime, [...model.people], chatId);
  return { chat: await chatDetail(db, actor.userId, chatId) };
}
