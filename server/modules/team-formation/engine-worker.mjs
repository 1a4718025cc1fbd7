// Worker threads start without the parent's TypeScript loader: register tsx, then run the engine.
import { register } from 'tsx/esm/api';

register();
await import('./engine-worker.ts');
