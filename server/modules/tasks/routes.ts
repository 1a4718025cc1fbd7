import type { App } from '../../http/types';
import { registerDeadlineReminders } from './deadline-reminders';
import { registerTaskNotifications } from './notify';
import reminderRoutes from './reminder-routes';
import subtaskRoutes from './subtask-routes';
import tagRoutes from './tag-routes';
import taskRoutes from './task-routes';
import { workRoutes } from './work-routes';
import './workspace-counts';

/** Tasks, subtasks, tags, reminders and deadlines (spec 7.4, 7.5, 7.16), under /core. */
export default async function tasksModule(app: App) {
  registerTaskNotifications(app.deps);
  registerDeadlineReminders(app.deps);
  await app.register(taskRoutes);
  await app.register(workRoutes('task'));
  await app.register(workRoutes('subtask'));
  await app.register(subtaskRoutes);
  await app.register(tagRoutes);
  await app.register(reminderRoutes);
}
