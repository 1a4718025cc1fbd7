import type { KeyResultAbilities, ObjectiveAbilities, ObjectiveStatus } from '@contracts/okrs';

/**
 * Who may do what with objectives and key results (issue 14 "Rights"): owners and admins of
 * the workspace (and supervisors) manage; a member checks in on what they own (a key result
 * they own, or any key result of an objective they own); viewers read. People outside the
 * workspace never get this far (404). The API returns these answers as `abilities`, and the
 * routes check the same answers. docs/decisions/okrs.md.
 */
export interface OkrViewer {
  userId: number;
  role: string | null;
  isSupervisor: boolean;
}

export function managesOkrs(viewer: OkrViewer): boolean {
  return viewer.isSupervisor || viewer.role === 'owner' || viewer.role === 'admin';
}

/** Whether this person may be named an owner of an objective or key result. */
export const OWNER_ROLES = ['owner', 'admin', 'member'] as const;

export interface ObjectiveFacts {
  status: ObjectiveStatus;
  ownerIds: readonly number[];
}

function ownsObjective(objective: ObjectiveFacts, viewer: OkrViewer) {
  return viewer.role === 'member' && objective.ownerIds.includes(viewer.userId);
}

export function objectiveAbilities(
  objective: ObjectiveFacts,
  viewer: OkrViewer,
): ObjectiveAbilities {
  const manage = managesOkrs(viewer);
  const live = objective.status !== 'archived';
  const open = objective.status === 'open';
  return {
    update: live && manage,
    delete: manage,
    open: objective.status === 'closed' && manage,
    close: open && manage,
    archive: live && manage,
    restore: !live && manage,
    align: live && manage,
    add_key_result: live && manage,
    check_in: open && (manage || ownsObjective(objective, viewer)),
  };
}

export function keyResultAbilities(
  keyResult: { ownerIds: readonly number[] },
  objective: ObjectiveFacts,
  viewer: OkrViewer,
): KeyResultAbilities {
  const manage = managesOkrs(viewer);
  const live = objective.status !== 'archived';
  const owns =
    viewer.role === 'member' &&
    (keyResult.ownerIds.includes(viewer.userId) || objective.ownerIds.includes(viewer.userId));
  return {
    update: live && manage,
    delete: live && manage,
    check_in: objective.status === 'open' && (manage || owns),
  };
}

/** A check-in may be changed by a manager, or by its author while they may still check in. */
export function answerAbilities(
  answer: { createdBy: number | null },
  keyResult: KeyResultAbilities,
  viewer: OkrViewer,
): { update: boolean; delete: boolean } {
  const mine = answer.createdBy === viewer.userId && keyResult.check_in;
  const allowed = keyResult.update || mine;
  return { update: allowed, delete: allowed };
}
