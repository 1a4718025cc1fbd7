import { and, eq } from 'drizzle-orm';
import type { CandidateSource, RecruitStage } from '@contracts/recruit';
import type { DbOrTx } from '../../../db/client';
import {
  recruitCandidateFiles,
  recruitCandidates,
  recruitCandidateSkills,
  recruitHistory,
  recruitJobCandidates,
  type RecruitCandidateRow,
  type StoredKnockoutAnswer,
} from '../../../db/schema';
import { phoneKey, type SkillMatch } from '../reading';
import type { StagedDocument } from './documents';

const EXPERIENCE_KEPT = 40;

export interface IncomingCandidate {
  workspaceId: number;
  jobId: number;
  /** Who added them (null: the public page). */
  actorId: number | null;
  source: CandidateSource;
  name: string;
  email: string | null;
  phone: string | null;
  userId?: number | null;
  profileConsent?: boolean;
  experience: string[];
  skills: { skillId: number; source: 'cv' | 'profile'; evidence: string }[];
  file?: StagedDocument;
  stage?: RecruitStage;
  rejectionReason?: string | null;
  knockoutAnswers?: StoredKnockoutAnswer[];
}

/** The catalogue skills read from a CV, as a candidate's skills seen there. */
export const skillsFromCv = (read: {
  skills: readonly SkillMatch[];
}): IncomingCandidate['skills'] =>
  read.skills.map((s) => ({ skillId: s.skillId, source: 'cv', evidence: s.evidence }));

/** The person already in the workspace's pool with this member id, e-mail or phone. */
async function existingPerson(
  tx: DbOrTx,
  incoming: Pick<IncomingCandidate, 'workspaceId' | 'email' | 'phone' | 'userId'>,
): Promise<RecruitCandidateRow | undefined> {
  const inWorkspace = eq(recruitCandidates.workspaceId, incoming.workspaceId);
  const find = async (match: ReturnType<typeof eq>) =>
    (await tx.select().from(recruitCandidates).where(and(inWorkspace, match)).limit(1))[0];
  const key = phoneKey(incoming.phone);
  return (
    (incoming.userId ? await find(eq(recruitCandidates.userId, incoming.userId)) : undefined) ??
    (incoming.email ? await find(eq(recruitCandidates.email, incoming.email)) : undefined) ??
    (key ? await find(eq(recruitCandidates.phoneKey, key)) : undefined)
  );
}

/**
 * Adds a person to a job: into the pool as a new person, or merged into the one with the same
 * e-mail or phone (their files all kept, new skills and experience added), then into the job's
 * pipeline unless already there. Runs inside the caller's transaction.
 */
export async function storeCandidate(tx: DbOrTx, incoming: IncomingCandidate) {
  let person = await existingPerson(tx, incoming);
  if (!person) {
    // Another application of the same person may commit first: then it is theirs to merge into.
    [person] = await tx
      .insert(recruitCandidates)
      .values({
        workspaceId: incoming.workspaceId,
        name: incoming.name,
        email: incoming.email,
        phone: incoming.phone,
        phoneKey: phoneKey(incoming.phone),
        userId: incoming.userId ?? null,
        profileConsent: Boolean(incoming.profileConsent),
        source: incoming.source,
        experience: incoming.experience.slice(0, EXPERIENCE_KEPT),
      })
      .onConflictDoNothing()
      .returning();
    if (person) return addToJob(tx, person, incoming, false);
    person = await existingPerson(tx, incoming);
    if (!person) throw new Error('A candidate conflicted on insert but was not found');
  }
  const [updated] = await tx
    .update(recruitCandidates)
    .set({
      email: person.email ?? incoming.email,
      phone: person.phone ?? incoming.phone,
      phoneKey: person.phoneKey ?? phoneKey(incoming.phone),
      userId: person.userId ?? incoming.userId ?? null,
      profileConsent: person.profileConsent || Boolean(incoming.profileConsent),
      experience: [...new Set([...person.experience, ...incoming.experience])].slice(
        0,
        EXPERIENCE_KEPT,
      ),
      updatedAt: new Date(),
    })
    .where(eq(recruitCandidates.id, person.id))
    .returning();
  return addToJob(tx, updated, incoming, true);
}

/** The person's skills, file, place in the job's pipeline and history line. */
async function addToJob(
  tx: DbOrTx,
  person: RecruitCandidateRow,
  incoming: IncomingCandidate,
  merged: boolean,
) {
  if (incoming.skills.length > 0) {
    await tx
      .insert(recruitCandidateSkills)
      .values(incoming.skills.map((skill) => ({ candidateId: person.id, ...skill })))
      .onConflictDoNothing();
  }
  if (incoming.file) {
    await tx.insert(recruitCandidateFiles).values({
      candidateId: person.id,
      jobId: incoming.jobId,
      name: incoming.file.name,
      storageKey: incoming.file.key,
      mimeType: incoming.file.mimeType,
      size: incoming.file.bytes.length,
    });
  }
  const [added] = await tx
    .insert(recruitJobCandidates)
    .values({
      jobId: incoming.jobId,
      candidateId: person.id,
      stage: incoming.stage ?? 'applied',
      rejectionReason: incoming.rejectionReason ?? null,
      knockoutAnswers: incoming.knockoutAnswers ?? [],
    })
    .onConflictDoNothing()
    .returning();
  const jobCandidate =
    added ??
    (
      await tx
        .select()
        .from(recruitJobCandidates)
        .where(
          and(
            eq(recruitJobCandidates.jobId, incoming.jobId),
            eq(recruitJobCandidates.candidateId, person.id),
          ),
        )
    )[0];
  await tx.insert(recruitHistory).values({
    candidateId: person.id,
    jobId: incoming.jobId,
    kind: merged ? 'merged' : 'added',
    actorId: incoming.actorId,
    toStage: added ? jobCandidate.stage : null,
    note: incoming.file?.name ?? null,
  });
  return { candidate: person, jobCandidate, merged };
}
