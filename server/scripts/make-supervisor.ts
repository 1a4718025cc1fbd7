/**
 * `npm run user:supervisor -- someone@example.com`: gives an existing account the supervisor
 * role (full rights, spec 6). Supervisors must use two-factor authentication, so the next
 * sign-in walks them through turning it on. Through the running server when one owns the
 * embedded database (server/scripts/operator.ts).
 */
import { supervisorBody } from '@contracts/admin';
import { makeSupervisor } from '../modules/admin';
import { CommandRefused, messagesOf, runCommand, runScript } from './operator';

runScript(async () => {
  const parsed = supervisorBody.safeParse({ email: process.argv[2] ?? '' });
  if (!parsed.success) {
    console.error('Usage: npm run user:supervisor -- <email>');
    return 2;
  }
  const { email } = parsed.data;
  const made = await runCommand({
    async throughServer(call) {
      const { status, body } = await call('POST', '/supervisors', { email });
      if (status === 404) return false;
      if (status !== 200) throw new CommandRefused(messagesOf(body));
      return true;
    },
    directly: (database) => makeSupervisor(database.db, { email }),
  });
  if (!made) {
    console.error(`No account uses ${email}.`);
    return 1;
  }
  console.log(`${email} is now a supervisor; two-factor authentication will be required.`);
  return 0;
});
