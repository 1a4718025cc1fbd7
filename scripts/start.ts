import { ensureClientBuilt } from './client-build';

/** `npm start`: builds the client only when its sources changed since the last build, then serves. */
await ensureClientBuilt();
await import('../server/main');
