import type { App } from '../../http/types';
import announcementRoutes from './announcements';
import fileRoutes from './files';
import { registerAssessmentJobs } from './notify';
import assessmentRoutes from './routes';

/** 360 assessments and announcements (spec 7.20, 7.21), under /core. */
export default async function assessmentsModule(app: App) {
  registerAssessmentJobs(app.deps);
  await app.register(assessmentRoutes);
  await app.register(announcementRoutes);
  await app.register(fileRoutes);
}
