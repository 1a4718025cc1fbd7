import { eq } from 'drizzle-orm';
import type { AccountDeletion, ExportSection } from '../../core/area';
import { personRows } from '../../core/export-sections';
import { invoiceLogs } from '../../db/schema';

/** The billing history lines a person wrote (asked for an upgrade, paid, changed a plan). */
export const exportSections: ExportSection[] = [
  personRows('billing_logs', invoiceLogs.userId, {
    workspace_id: invoiceLogs.workspaceId,
    action: invoiceLogs.action,
    detail: invoiceLogs.detail,
    created_at: invoiceLogs.createdAt,
  }),
];

/** The lines stay (the workspace's billing history); the person's id is taken off them. */
export const accountDeletion: AccountDeletion = {
  erases: [invoiceLogs],
  keeps: [],
  erase: async (tx, userId) => {
    await tx.update(invoiceLogs).set({ userId: null }).where(eq(invoiceLogs.userId, userId));
  },
};
