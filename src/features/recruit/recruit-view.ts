import type { TFunction } from 'i18next';
import { RECRUIT_STAGES } from '@contracts/recruit';
import type { JobCandidate, JobStage, RecruitStage, ScreeningRow } from './api';

/** A stage as it reads: the owner's name for it, else the default in the reader's language. */
export function stageLabel(
  t: TFunction,
  key: RecruitStage,
  stages: readonly Pick<JobStage, 'key' | 'name'>[] = [],
): string {
  return stages.find((stage) => stage.key === key)?.name || t(`recruit:stages.${key}`);
}

/** The board's columns: every stage in pipeline order with its candidates, newest move first. */
export function groupByStage(
  candidates: readonly JobCandidate[],
): Record<RecruitStage, JobCandidate[]> {
  const groups = Object.fromEntries(
    RECRUIT_STAGES.map((stage) => [stage, []]),
  ) as unknown as Record<RecruitStage, JobCandidate[]>;
  for (const candidate of candidates) groups[candidate.stage].push(candidate);
  for (const stage of RECRUIT_STAGES)
    groups[stage].sort((a, b) => b.stage_changed_at.localeCompare(a.stage_changed_at));
  return groups;
}

/** A candidate moved to another stage, as the board shows it before the server answers. */
export function moved(
  candidates: readonly JobCandidate[],
  id: number,
  stage: RecruitStage,
): JobCandidate[] {
  const now = new Date().toISOString();
  return candidates.map((candidate) =>
    candidate.id === id ? { ...candidate, stage, stage_changed_at: now } : candidate,
  );
}

/**
 * A screening row's skills in the order a reader needs them: missing required ones first, then
 * the other missing ones, then those met, heaviest first within each.
 */
export function skillsForReview(row: ScreeningRow): ScreeningRow['skills'] {
  const rank = (skill: ScreeningRow['skills'][number]) =>
    !skill.matched && skill.required ? 0 : !skill.matched ? 1 : 2;
  return [...row.skills].sort((a, b) => rank(a) - rank(b) || b.weight - a.weight);
}

/** The public page's address on this site. */
export function publicLink(path: string, origin = window.location.origin): string {
  return new URL(path, origin).toString();
}
