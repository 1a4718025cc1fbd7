import { eq } from 'drizzle-orm';
import { registerPinTable } from '../../core/pin-targets';
import { registerStatusCounter } from '../../core/work-counters';
import { objectives } from '../../db/schema';

const inWorkspace = (workspaceId: number) => eq(objectives.workspaceId, workspaceId);

/** Objectives by status (spec 3: workspace counts; the menu and number-of-works). */
registerStatusCounter('objectives', objectives, objectives.status, inWorkspace);

/** Objectives of the workspace may be pinned (spec 3 "Pin": reference_type objective). */
registerPinTable('objective', objectives, objectives.id, inWorkspace);
