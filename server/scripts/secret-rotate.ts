/**
 * `npm run secret:rotate`: a new signing secret in the database (`signing_secrets`). Every
 * process signs with it within a minute (or at the first value that names it); what the
 * previous one signed (sessions, mailed links, sealed calendar and Zoom tokens) stays valid
 * until it expires, and sealed tokens move to the new key when used (docs/operations/scale-out.md).
 * Refused while a server owns the embedded DATA_DIR (stop it first), and with JWT_SECRET set.
 */
import { keyIdOf, rotateSigningSecret, secretsInDatabase } from '../auth/signing-keys';
import { loadConfig } from '../config';
import { CommandRefused, runCommand, runScript } from './operator';

runScript(async () => {
  const config = loadConfig();
  if (config.JWT_SECRET) {
    throw new CommandRefused(
      'JWT_SECRET is set, so the secrets in the database are not used. Rotate it there: set ' +
        'JWT_SECRET to a new secret, add the old one to JWT_SECRET_PREVIOUS, restart every process.',
    );
  }
  const { previous, current } = await runCommand({
    throughServer() {
      throw new CommandRefused(
        `The embedded database in ${config.DATA_DIR} is open in a running server: stop it, ` +
          'run npm run secret:rotate, then start it again.',
      );
    },
    async directly(database) {
      // A secret from before the database kept them (DATA_DIR/jwt-secret) is taken in first.
      const [before] = await secretsInDatabase(database.db, config);
      return { previous: keyIdOf(before), current: await rotateSigningSecret(database.db) };
    },
  });
  console.log(
    `Signing key ${current} now signs; ${previous} still verifies what it signed until that ` +
      'expires. Running processes take the new key within a minute.',
  );
  return 0;
});
