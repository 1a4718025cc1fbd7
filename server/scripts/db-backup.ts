/**
 * `npm run db:backup`: a backup of the embedded database now, into DATA_DIR/backups (beside
 * the daily ones and those taken before migrations). Through the running server when one owns
 * the database (server/scripts/operator.ts).
 */
import { backupTaken } from '@contracts/admin';
import { CommandRefused, messagesOf, runCommand, runScript } from './operator';

runScript(async () => {
  const file = await runCommand({
    async throughServer(call) {
      const { status, body } = await call('POST', '/backups');
      if (status !== 201) throw new CommandRefused(messagesOf(body));
      return backupTaken.parse(body.resource).file;
    },
    async directly(database) {
      if (!database.embedded) {
        throw new CommandRefused(
          'This configuration uses PostgreSQL (DATABASE_URL): back it up with pg_dump.',
        );
      }
      return (await database.embedded.backup('manual')).file;
    },
  });
  console.log(`Backed up to ${file}`);
  return 0;
});
