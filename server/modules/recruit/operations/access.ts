import { eq } from 'drizzle-orm';
import { can, type Permission } from '../../../auth/permissions';
import type { Actor } from '../../../core/actor';
import { workspaceAccessFor, type WorkspaceAccess } from '../../../core/workspace-access';
import type { DbOrTx } from '../../../db/client';
import {
  recruitCandidateFiles,
  recruitCandidates,
  recruitJobCandidates,
  recruitJobs,
  type RecruitJobCandidateRow,
  type RecruitJobRow,
} from '../../../db/schema';
import { notFound } from '../../../http/errors';

/**
 * Access to a recruit workspace: outsiders get 404 (as everywhere), members without the
 * permission 403, a workspace of another type 404 (it has no jobs).
 */
export async function recruitAccess(
  db: DbOrTx,
  actor: Actor,
  workspaceId: number,
  permission: Permission,
  change = false,
): Promise<WorkspaceAccess> {
  const access = await workspaceAccessFor(db, actor, workspaceId, permission, { change });
  if (access.workspace.workspaceType !== 'recruit') {
    throw notFound('recruit:errors.not_recruit_workspace');
  }
  return access;
}

/** A job and the caller's access to its workspace; 404 for a job that does not exist. */
export async function loadJob(
  db: DbOrTx,
  actor: Actor,
  jobId: number,
  permission: Permission,
  change = false,
): Promise<{ job: RecruitJobRow; access: WorkspaceAccess }> {
  const [job] = await db.select().from(recruitJobs).where(eq(recruitJobs.id, jobId)).limit(1);
  if (!job) throw notFound('recruit:errors.job_not_found');
  const access = await recruitAccess(db, actor, job.workspaceId, permission, change);
  return { job, access };
}

/** A candidate in a job, with the job and access to its workspace. */
export async function loadJobCandidate(
  db: DbOrTx,
  actor: Actor,
  id: number,
  permission: Permission,
  change = false,
): Promise<{ jobCandidate: RecruitJobCandidateRow; job: RecruitJobRow; access: WorkspaceAccess }> {
  const [row] = await db
    .select({ jobCandidate: recruitJobCandidates, job: recruitJobs })
    .from(recruitJobCandidates)
    .innerJoin(recruitJobs, eq(recruitJobs.id, recruitJobCandidates.jobId))
    .where(eq(recruitJobCandidates.id, id))
    .limit(1);
  if (!row) throw notFound('recruit:errors.candidate_not_found');
  const access = await recruitAccess(db, actor, row.job.workspaceId, permission, change);
  return { ...row, access };
}

/** A candidate's stored file, for someone who may see the workspace's candidates. */
export async function loadCandidateFile(db: DbOrTx, actor: Actor, fileId: number) {
  const [row] = await db
    .select({ file: recruitCandidateFiles, workspaceId: recruitCandidates.workspaceId })
    .from(recruitCandidateFiles)
    .innerJoin(recruitCandidates, eq(recruitCandidates.id, recruitCandidateFiles.candidateId))
    .where(eq(recruitCandidateFiles.id, fileId))
    .limit(1);
  if (!row) throw notFound('recruit:errors.file_not_found');
  await recruitAccess(db, actor, row.workspaceId, 'view_recruiting');
  return row.file;
}

/** What the caller may do with a job (the client shows buttons by these). */
export function jobAbilities(access: WorkspaceAccess) {
  const archived = access.workspace.status === 'archived';
  return {
    manage: !archived && can(access, 'manage_jobs'),
    move: !archived && can(access, 'move_candidates'),
    score: !archived && can(access, 'score_candidates'),
  };
}
