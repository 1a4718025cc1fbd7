/**
 * The app as its own process, for tests that kill it mid-job (tests/api/jobs-restart.test.ts).
 * Configured by the environment like `npm start` (DATA_DIR, DATABASE_URL, JOBS_*), plus:
 * - JOBS_TEST_STEP=first: makes a person and a workspace, records one task reminder event,
 *   starts working jobs, and once the reminder mail is written hangs there, as a process that
 *   dies before it can mark the mail sent. It writes DATA_DIR/mail-written when it hangs.
 * - JOBS_TEST_STEP=again: starts working jobs until the mail is marked sent, drains the queue,
 *   prints `{"mails":n,"notifications":n}` and exits.
 */
import { writeFileSync, readdirSync, existsSync } from 'node:fs';
import path from 'node:path';
import { count, like } from 'drizzle-orm';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/client';
import { jobEffects, notifications, users, workspaces } from '../../server/db/schema';
import { recordEvent } from '../../server/jobs';
import { createMailer, type Mailer } from '../../server/mail/mailer';
import type {} from '../../server/modules/tasks/notify';

const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', SERVE_CLIENT: 'false' });
const step = process.env.JOBS_TEST_STEP;
const outbox = path.join(config.DATA_DIR, 'outbox');

async function main() {
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
  });
  const silent = { info() {}, error() {} } as never;
  const written = createMailer({ from: config.MAIL_FROM, dataDir: config.DATA_DIR, log: silent });
  const mailer: Mailer =
    step === 'first'
      ? {
          mode: 'outbox',
          async send(mail) {
            await written.send(mail);
            writeFileSync(path.join(config.DATA_DIR, 'mail-written'), '');
            await new Promise(() => undefined);
          },
        }
      : written;

  if (step === 'first') {
    const [person] = await database.db
      .insert(users)
      .values({ email: 'ann@example.com', firstName: 'Ann', lastName: 'Test' })
      .returning();
    const [workspace] = await database.db
      .insert(workspaces)
      .values({ name: 'Rivers', workspaceType: 'course', createdBy: person.id })
      .returning();
    await recordEvent(database.db, 'task.notification', {
      task: {
        id: 1,
        workspace_id: workspace.id,
        parent_id: null,
        name: 'Essay on rivers',
        expired_at: null,
      },
      kind: 'task_reminder',
      recipients: [person.id],
      actor_id: null,
    });
  }

  const app = await buildApp({ config, database, mailer, logger: false });
  await app.ready();
  if (step === 'first') return;

  const giveUp = Date.now() + 30_000;
  for (;;) {
    const [marked] = await database.db
      .select({ n: count() })
      .from(jobEffects)
      .where(like(jobEffects.key, 'event:%:mail:%'));
    if (marked.n > 0) break;
    if (Date.now() > giveUp) throw new Error('The reminder mail was never marked sent.');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await app.deps.jobs.drain();
  const [told] = await database.db.select({ n: count() }).from(notifications);
  const mails = existsSync(outbox) ? readdirSync(outbox).filter((f) => f.endsWith('.eml')) : [];
  process.stdout.write(`${JSON.stringify({ mails: mails.length, notifications: told.n })}\n`);
  await app.close();
  await database.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
