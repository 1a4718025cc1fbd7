import { eq, inArray } from 'drizzle-orm';
import type { Actor } from '../../../core/actor';
import { knownPeople, privacyOf } from '../../../auth/privacy';
import { recruitCandidates, recruitJobCandidates, users } from '../../../db/schema';
import { notFound } from '../../../http/errors';
import type { Language } from '../../../i18n';
import { skillsByUser } from '../../profile';
import { presentJobCandidates } from '../present';
import { loadJob } from './access';
import { storeCandidate } from './candidates';
import type { RecruitDeps } from './deps';

/**
 * Adds Teamloop members as candidates: people the caller shares an active workspace with
 * (anyone else is answered as not found, like every people lookup). Their profile skills are
 * taken only when their privacy lets the caller see skills; personality and availability are
 * never copied (they are shown, with consent, on the candidate page).
 */
export async function addProfileCandidates(
  deps: RecruitDeps,
  actor: Actor,
  input: { jobId: number; lang: Language; userIds: number[] },
) {
  const { job } = await loadJob(deps.db, actor, input.jobId, 'manage_jobs', true);
  const people = await deps.db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      privacyOptions: users.privacyOptions,
      deletedAt: users.deletedAt,
    })
    .from(users)
    .where(inArray(users.id, input.userIds));
  const viewer = { id: actor.userId, role: actor.role };
  const known = await knownPeople(deps.db, viewer, people, { openProfiles: false });
  if (
    people.length !== input.userIds.length ||
    people.some((p) => !known.has(p.id) || p.deletedAt)
  ) {
    throw notFound('recruit:errors.person_not_found');
  }
  const privacy = await privacyOf(deps.db, viewer, people);
  const skillLists = await skillsByUser(
    deps.db,
    people.filter((p) => privacy.sees(p.id, 'skills')).map((p) => p.id),
    input.lang,
  );

  const ids = await deps.db.transaction(async (tx) => {
    const added: number[] = [];
    for (const person of people) {
      const { jobCandidate } = await storeCandidate(tx, {
        workspaceId: job.workspaceId,
        jobId: job.id,
        actorId: actor.userId,
        source: 'profile',
        name: [person.firstName, person.lastName].filter(Boolean).join(' ') || person.email,
        email: person.email.toLowerCase(),
        phone: null,
        userId: person.id,
        experience: [],
        skills: (skillLists.get(person.id) ?? []).map((skill) => ({
          skillId: skill.id,
          source: 'profile' as const,
          evidence: skill.name,
        })),
      });
      added.push(jobCandidate.id);
    }
    return added;
  });
  const rows = await deps.db
    .select({ jobCandidate: recruitJobCandidates, candidate: recruitCandidates })
    .from(recruitJobCandidates)
    .innerJoin(recruitCandidates, eq(recruitCandidates.id, recruitJobCandidates.candidateId))
    .where(inArray(recruitJobCandidates.id, ids));
  return { job_candidates: await presentJobCandidates(deps.db, job, rows, input.lang) };
}
