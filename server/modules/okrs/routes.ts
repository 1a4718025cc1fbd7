import type { App } from '../../http/types';
import aiRoutes from './ai-routes';
import alignmentRoutes from './alignment-routes';
import keyResultRoutes from './key-result-routes';
import objectiveRoutes from './objective-routes';
import { registerCheckInReminders } from './check-in-reminders';
import { registerTaskProgress } from './task-progress';
import orgChartRoutes from './org-chart-routes';
import './workspace-counts';

/** Objectives, key results, check-ins, alignments and the org chart (spec 7.2), under /core. */
export default async function okrsModule(app: App) {
  await app.register(objectiveRoutes);
  await app.register(keyResultRoutes);
  await app.register(alignmentRoutes);
  await app.register(orgChartRoutes);
  await app.register(aiRoutes);
  app.addHook('onReady', registerCheckInReminders(app.deps));
  registerTaskProgress(app.deps);
}
