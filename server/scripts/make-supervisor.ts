/**
 * `npm run user:supervisor -- someone@example.com`: gives an existing account the supervisor
 * role (full rights, spec 6). Supervisors must use two-factor authentication, so the next
 * sign-in walks them through turning it on.
 */
import { sql } from 'drizzle-orm';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { users } from '../db/schema';

async function main() {
  const email = process.argv[2]?.toLowerCase();
  if (!email) {
    console.error('Usage: npm run user:supervisor -- <email>');
    process.exit(2);
  }
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
  });
  const updated = await database.db
    .update(users)
    .set({ role: 'supervisor', twoFactorRequired: true })
    .where(sql`lower(${users.email}) = ${email}`)
    .returning({ id: users.id });
  await database.close();
  if (updated.length === 0) {
    console.error(`No account uses ${email}.`);
    process.exit(1);
  }
  console.log(`${email} is now a supervisor; two-factor authentication will be required.`);
}

void main();
