import { z } from 'zod';
import { email } from './auth';

/**
 * The operator's commands (`npm run user:supervisor`, `jobs:dead`, `db:backup`) as a running
 * server answers them: from this machine only, with the token it keeps in DATA_DIR
 * (docs/decisions/embedded-database.md).
 */
export const ADMIN_TOKEN_HEADER = 'x-teamloop-admin-token';

export const supervisorBody = z.object({ email }).strict();
export const supervisorMade = z.object({ email: z.string() });

export const backupTaken = z.object({
  file: z.string(),
  taken_at: z.string(),
  reason: z.string(),
});
