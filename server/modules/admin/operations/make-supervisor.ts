import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { users } from '../../../db/schema';

/**
 * Gives an existing account the supervisor role (full rights, spec 6). Supervisors must use
 * two-factor authentication, so their next sign-in walks them through turning it on. Returns
 * false when no account uses the address.
 */
export async function makeSupervisor(db: DbOrTx, input: { email: string }): Promise<boolean> {
  const updated = await db
    .update(users)
    .set({ role: 'supervisor', twoFactorRequired: true })
    .where(sql`lower(${users.email}) = ${input.email.toLowerCase()}`)
    .returning({ id: users.id });
  return updated.length > 0;
}
