import { eq } from 'drizzle-orm';
import type { Actor } from '../../../core/actor';
import { userConfigs } from '../../../db/schema';
import { validationFailed } from '../../../http/errors';
import type { AccountDeps } from './deps';

/** The actor's saved client settings. */
export async function listUserConfigs(deps: AccountDeps, actor: Actor) {
  const rows = await deps.db.select().from(userConfigs).where(eq(userConfigs.userId, actor.userId));
  return { configs: rows.map((row) => ({ key: row.key, value: row.value })) };
}

/** Saves one of the actor's client settings (at most 20,000 characters of JSON). */
export async function saveUserConfig(
  deps: AccountDeps,
  actor: Actor,
  input: { key: string; value?: unknown },
) {
  const { key, value } = input;
  if (JSON.stringify(value ?? null).length > 20_000) {
    throw validationFailed({ value: 'account:messages.config_too_large' });
  }
  await deps.db
    .insert(userConfigs)
    .values({ userId: actor.userId, key, value: value ?? null })
    .onConflictDoUpdate({
      target: [userConfigs.userId, userConfigs.key],
      set: { value: value ?? null, updatedAt: new Date() },
    });
  return { key, value: value ?? null };
}
