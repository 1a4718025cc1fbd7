import { and, desc, eq, gt, inArray } from 'drizzle-orm';
import type { RosterSync } from '@contracts/lti';
import { can } from '../../auth/permissions';
import type { AppDeps } from '../../context';
import { loadWorkspaceAccess } from '../../core/workspace-access';
import type { DbOrTx, Tx } from '../../db/client';
import { ltiRosterSyncs, users, type LtiPlatformRow } from '../../db/schema';
import { AppError, conflict, forbidden, notFound, refusal } from '../../http/errors';
import { translator, type Language } from '../../i18n';
import { recordEvent } from '../../jobs';
import { inviteToWorkspace } from '../workspaces';
import { isApproved, roleKind, workspaceRoleFor } from './claims';
import { loadCourse, readRoster, ServiceError } from './services';

declare module '../../jobs' {
  interface DomainEvents {
    'lti.roster_requested': { sync_id: number };
  }
}

/**
 * A teacher's launch reads the roster again only when the last reading (of any outcome) is
 * older than this: launches come often, a roster changes slowly, and the People page's button
 * reads it at once whenever the teacher wants (docs/decisions/lti.md, "Roster").
 */
export const ROSTER_LAUNCH_INTERVAL_MS = 6 * 3_600_000;
/**
 * A reading still queued or running after this long was lost (its job ran out of retries
 * without a word): it no longer blocks the button and reads as failed.
 */
const ROSTER_LOST_MS = 30 * 60_000;
const isLost = (row: { status: string; createdAt: Date }) =>
  (row.status === 'queued' || row.status === 'running') &&
  Date.now() - row.createdAt.getTime() > ROSTER_LOST_MS;

/** What stops the course's roster from being read, whoever asks: null when nothing does. */
export function courseRefusal(course: Awaited<ReturnType<typeof loadCourse>>): AppError | null {
  if (!course) return refusal(409, 'not_linked', 'lti:messages.not_linked');
  const platform = { platform: course.platform.name };
  if (course.platform.status !== 'active') {
    return refusal(409, 'plugin_archived', 'lti:messages.roster_plugin_archived', platform);
  }
  if (!isApproved(course.platform)) {
    return refusal(409, 'plugin_not_approved', 'lti:messages.roster_not_approved', platform);
  }
  if (!course.context.membershipsUrl) {
    return refusal(409, 'roster_not_granted', 'lti:messages.roster_not_granted', platform);
  }
  return null;
}

/**
 * The refusals of `requireWorkspaceChange(…, 'invite_members')` for a job acting for a person:
 * outsiders 404, members without the permission 403, an archived workspace 409.
 */
async function requesterRefusal(db: DbOrTx, workspaceId: number, userId: number | null) {
  const [user] = userId
    ? await db
        .select({ id: users.id, role: users.role, deletedAt: users.deletedAt })
        .from(users)
        .where(eq(users.id, userId))
    : [];
  const access = user && !user.deletedAt ? await loadWorkspaceAccess(db, workspaceId, user) : null;
  if (!access || (!access.role && !access.isSupervisor)) {
    return notFound('workspaces:messages.not_found');
  }
  if (!can(access, 'invite_members')) return forbidden();
  if (access.workspace.status === 'archived') {
    return conflict('workspaces:messages.archived_read_only');
  }
  return null;
}

/** Queues a roster reading in the caller's transaction: the job starts once it commits. */
export async function queueRosterSync(
  tx: Tx,
  context: { id: number; workspaceId: number },
  requestedBy: number,
  trigger: 'launch' | 'button',
) {
  const [sync] = await tx
    .insert(ltiRosterSyncs)
    .values({
      contextId: context.id,
      workspaceId: context.workspaceId,
      requestedBy,
      trigger,
    })
    .returning();
  await recordEvent(tx, 'lti.roster_requested', { sync_id: sync.id });
  return sync;
}

/** The reading still queued or running for the course, if any: a second click joins it. */
export async function activeSync(db: DbOrTx, contextId: number) {
  const [row] = await db
    .select()
    .from(ltiRosterSyncs)
    .where(
      and(
        eq(ltiRosterSyncs.contextId, contextId),
        inArray(ltiRosterSyncs.status, ['queued', 'running']),
        gt(ltiRosterSyncs.createdAt, new Date(Date.now() - ROSTER_LOST_MS)),
      ),
    )
    .orderBy(desc(ltiRosterSyncs.id))
    .limit(1);
  return row ?? null;
}

export async function latestSync(db: DbOrTx, workspaceId: number) {
  const [row] = await db
    .select()
    .from(ltiRosterSyncs)
    .where(eq(ltiRosterSyncs.workspaceId, workspaceId))
    .orderBy(desc(ltiRosterSyncs.id))
    .limit(1);
  return row ?? null;
}

/**
 * A teacher's launch (inside its transaction, the course row locked): queues a reading when
 * the platform shares the roster, is approved, and none was made within the interval.
 */
export async function rosterOnLaunch(
  tx: Tx,
  platform: LtiPlatformRow,
  context: { id: number; workspaceId: number; membershipsUrl: string | null },
  userId: number,
) {
  if (!context.membershipsUrl || !isApproved(platform)) return;
  const [recent] = await tx
    .select({ id: ltiRosterSyncs.id })
    .from(ltiRosterSyncs)
    .where(
      and(
        eq(ltiRosterSyncs.contextId, context.id),
        gt(ltiRosterSyncs.createdAt, new Date(Date.now() - ROSTER_LAUNCH_INTERVAL_MS)),
      ),
    )
    .limit(1);
  if (recent) return;
  await queueRosterSync(tx, context, userId, 'launch');
}

export function presentSync(row: typeof ltiRosterSyncs.$inferSelect, lang: Language): RosterSync {
  const t = translator(lang);
  const shown: typeof row = isLost(row)
    ? {
        ...row,
        status: 'failed',
        errorCode: 'roster_failed',
        errorMessage: { key: 'lti:messages.roster_lost' },
      }
    : row;
  return {
    id: shown.id,
    status: shown.status,
    trigger: shown.trigger,
    invited: shown.invited,
    added: shown.added,
    skipped: shown.skipped,
    without_email: shown.withoutEmail,
    error:
      shown.errorCode && shown.errorMessage
        ? { code: shown.errorCode, message: t(shown.errorMessage.key, shown.errorMessage.params) }
        : null,
    created_at: shown.createdAt.toISOString(),
    finished_at: shown.finishedAt?.toISOString() ?? null,
  };
}

async function fail(deps: AppDeps, syncId: number, error: AppError) {
  await deps.db
    .update(ltiRosterSyncs)
    .set({
      status: 'failed',
      errorCode: error.code,
      errorMessage: error.messageRef,
      finishedAt: new Date(),
    })
    .where(eq(ltiRosterSyncs.id, syncId));
}

/**
 * The job: checks again that the person who asked may still invite to the workspace and that
 * the course still shares its roster, reads it (NRPS) and invites its active members with an
 * e-mail address. Invitations and the result are written in one transaction, so a retry after
 * a crash either finds the reading done or does it whole.
 */
export async function runRosterSync(
  deps: AppDeps,
  syncId: number,
  job: { retryCount: number; retryLimit: number },
) {
  const [sync] = await deps.db.select().from(ltiRosterSyncs).where(eq(ltiRosterSyncs.id, syncId));
  if (!sync || sync.status === 'done' || sync.status === 'failed') return;
  const refused =
    (await requesterRefusal(deps.db, sync.workspaceId, sync.requestedBy)) ??
    courseRefusal(await loadCourse(deps.db, sync.workspaceId));
  if (refused) return fail(deps, sync.id, refused);
  await deps.db
    .update(ltiRosterSyncs)
    .set({ status: 'running' })
    .where(eq(ltiRosterSyncs.id, sync.id));

  let roster;
  try {
    roster = await readRoster(deps, sync.workspaceId);
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    // A platform that is down is tried again with backoff; a refusal or the last try is final.
    if (error.transient && job.retryCount < job.retryLimit) throw error;
    const course = await loadCourse(deps.db, sync.workspaceId);
    return fail(
      deps,
      sync.id,
      refusal(409, 'roster_unavailable', 'lti:messages.roster_unavailable', {
        platform: course?.platform.name ?? '',
      }),
    );
  }
  const active = roster.filter((m) => (m.status ?? 'Active') === 'Active');
  const entries = active
    .filter((m) => typeof m.email === 'string' && m.email.includes('@'))
    .map((m) => ({ email: m.email!.toLowerCase(), role: workspaceRoleFor(roleKind(m.roles)) }));
  await deps.db.transaction(async (tx) => {
    const [current] = await tx
      .select({ status: ltiRosterSyncs.status })
      .from(ltiRosterSyncs)
      .where(eq(ltiRosterSyncs.id, sync.id))
      .for('update');
    if (current.status !== 'running') return;
    const [inviter] = await tx.select().from(users).where(eq(users.id, sync.requestedBy!));
    const access = await loadWorkspaceAccess(tx, sync.workspaceId, inviter);
    const { outcomes } = await inviteToWorkspace(deps, tx, {
      workspace: access!.workspace,
      inviter,
      language: inviter.language,
      entries,
      addExisting: false,
      overCap: 'skip',
    });
    const count = (status: string) => outcomes.filter((o) => o.status === status).length;
    await tx
      .update(ltiRosterSyncs)
      .set({
        status: 'done',
        invited: count('invited'),
        added: count('added'),
        skipped: count('skipped'),
        withoutEmail: active.length - entries.length,
        finishedAt: new Date(),
      })
      .where(eq(ltiRosterSyncs.id, sync.id));
  });
}

export function registerRosterJobs(deps: AppDeps) {
  deps.jobs.on('lti.roster_requested', 'read', async (event, job) => {
    try {
      await runRosterSync(deps, event.payload.sync_id, job);
    } catch (error) {
      // The last try of an unexpected failure: the page says so (the dead letters say why).
      if (job.retryCount >= job.retryLimit) {
        await fail(
          deps,
          event.payload.sync_id,
          refusal(500, 'roster_failed', 'lti:messages.roster_lost'),
        );
      }
      throw error;
    }
  });
}
