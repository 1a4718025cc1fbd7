import { defineArea } from '../../core/area';
import assistantRoutes from './routes';

/**
 * The team assistant (issue 34): questions in plain words answered by other areas' operations
 * with the asker as the actor. It stores nothing, so it has no files, export or deletion.
 */
export default defineArea({
  name: 'assistant',
  routes: [{ prefix: '/core', plugin: assistantRoutes }],
});
