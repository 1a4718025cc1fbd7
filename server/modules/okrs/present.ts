import { asc, eq, inArray } from 'drizzle-orm';
import type {
  Alignment,
  KeyResult,
  KeyResultAnswer,
  Objective,
  ObjectiveTreeNode,
} from '@contracts/okrs';
import type { Person } from '@contracts/people';
import { peopleByIds } from '../../core/people';
import type { DbOrTx } from '../../db/client';
import {
  criteria,
  keyResultAnswers,
  keyResultOwners,
  keyResults,
  objectiveAlignments,
  objectiveAnswers,
  objectiveOwners,
  objectives,
  objectiveTags,
  orgPositions,
  taskKeyResults,
  tasks,
  type KeyResultAnswerRow,
  type KeyResultRow,
  type ObjectiveRow,
} from '../../db/schema';
import {
  answerAbilities,
  keyResultAbilities,
  objectiveAbilities,
  type ObjectiveFacts,
  type OkrViewer,
} from './policy';
import { derivedStatus, keyResultProgress, percent, rollUp } from './progress';

const iso = (date: Date | null) => date?.toISOString() ?? null;

/**
 * What progress needs from the whole workspace: every objective, key result and alignment,
 * rolled up once (a workspace's OKRs are tens to hundreds of rows).
 */
export interface WorkspaceTree {
  objectives: Pick<ObjectiveRow, 'id' | 'name' | 'status'>[];
  keyResults: KeyResultRow[];
  alignments: (typeof objectiveAlignments.$inferSelect)[];
  objectiveProgress: Map<number, number>;
  keyResultProgress: Map<number, number>;
}

export async function loadWorkspaceTree(db: DbOrTx, workspaceId: number): Promise<WorkspaceTree> {
  const [objectiveRows, krRows, alignmentRows] = await Promise.all([
    db
      .select({ id: objectives.id, name: objectives.name, status: objectives.status })
      .from(objectives)
      .where(eq(objectives.workspaceId, workspaceId))
      .orderBy(asc(objectives.id)),
    db
      .select()
      .from(keyResults)
      .where(eq(keyResults.workspaceId, workspaceId))
      .orderBy(asc(keyResults.id)),
    db
      .select()
      .from(objectiveAlignments)
      .where(eq(objectiveAlignments.workspaceId, workspaceId))
      .orderBy(asc(objectiveAlignments.id)),
  ]);
  const rolled = rollUp(
    objectiveRows.map((o) => o.id),
    krRows.map((kr) => ({ ...kr, checkedIn: kr.lastCheckInAt !== null })),
    alignmentRows,
  );
  return {
    objectives: objectiveRows,
    keyResults: krRows,
    alignments: alignmentRows,
    objectiveProgress: rolled.objectives,
    keyResultProgress: rolled.keyResults,
  };
}

function presentAlignment(a: WorkspaceTree['alignments'][number], tree: WorkspaceTree): Alignment {
  const objectiveName = (id: number) => tree.objectives.find((o) => o.id === id)?.name ?? '';
  const kr = a.parentKeyResultId
    ? tree.keyResults.find((k) => k.id === a.parentKeyResultId)
    : undefined;
  return {
    id: a.id,
    objective_id: a.objectiveId,
    objective: { id: a.objectiveId, name: objectiveName(a.objectiveId) },
    parent_objective: a.parentObjectiveId
      ? { id: a.parentObjectiveId, name: objectiveName(a.parentObjectiveId) }
      : null,
    parent_key_result: kr ? { id: kr.id, name: kr.name, objective_id: kr.objectiveId } : null,
    weight: a.weight,
    created_at: a.createdAt.toISOString(),
  };
}

export function alignmentsOf(objectiveId: number, tree: WorkspaceTree) {
  const krIds = new Set(
    tree.keyResults.filter((k) => k.objectiveId === objectiveId).map((k) => k.id),
  );
  return {
    alignments: tree.alignments
      .filter((a) => a.objectiveId === objectiveId)
      .map((a) => presentAlignment(a, tree)),
    aligned_children: tree.alignments
      .filter(
        (a) =>
          a.parentObjectiveId === objectiveId ||
          (a.parentKeyResultId !== null && krIds.has(a.parentKeyResultId)),
      )
      .map((a) => presentAlignment(a, tree)),
  };
}

/** Objectives of one workspace as the API shows them to this viewer. */
export async function presentObjectives(
  db: DbOrTx,
  rows: ObjectiveRow[],
  viewer: OkrViewer,
  tree?: WorkspaceTree,
): Promise<Objective[]> {
  if (rows.length === 0) return [];
  const workspaceTree = tree ?? (await loadWorkspaceTree(db, rows[0].workspaceId));
  const ids = rows.map((r) => r.id);
  const krs = workspaceTree.keyResults.filter((k) => ids.includes(k.objectiveId));
  const krIds = krs.map((k) => k.id);
  const positionIds = [
    ...rows.map((r) => r.orgPositionId),
    ...krs.map((k) => k.orgPositionId),
  ].filter((x): x is number => x !== null);
  const [owners, krOwners, tagRows, answerRows, positions, answerCounts, linkedTasks] =
    await Promise.all([
      db.select().from(objectiveOwners).where(inArray(objectiveOwners.objectiveId, ids)),
      krIds.length
        ? db.select().from(keyResultOwners).where(inArray(keyResultOwners.keyResultId, krIds))
        : Promise.resolve([]),
      db
        .select({
          objectiveId: objectiveTags.objectiveId,
          id: criteria.id,
          name: criteria.name,
          color: criteria.color,
        })
        .from(objectiveTags)
        .innerJoin(criteria, eq(criteria.id, objectiveTags.tagId))
        .where(inArray(objectiveTags.objectiveId, ids))
        .orderBy(asc(criteria.name)),
      db
        .select()
        .from(objectiveAnswers)
        .where(inArray(objectiveAnswers.objectiveId, ids))
        .orderBy(asc(objectiveAnswers.createdAt), asc(objectiveAnswers.id)),
      positionIds.length
        ? db
            .select({ id: orgPositions.id, name: orgPositions.name })
            .from(orgPositions)
            .where(inArray(orgPositions.id, positionIds))
        : Promise.resolve([]),
      krIds.length
        ? db
            .select({ keyResultId: keyResultAnswers.keyResultId })
            .from(keyResultAnswers)
            .where(inArray(keyResultAnswers.keyResultId, krIds))
        : Promise.resolve([]),
      // Tasks that contribute to the key results (linked from the tasks area's form).
      krIds.length
        ? db
            .select({
              keyResultId: taskKeyResults.keyResultId,
              id: tasks.id,
              name: tasks.name,
              status: tasks.status,
            })
            .from(taskKeyResults)
            .innerJoin(tasks, eq(tasks.id, taskKeyResults.taskId))
            .where(inArray(taskKeyResults.keyResultId, krIds))
            .orderBy(asc(tasks.name), asc(tasks.id))
        : Promise.resolve([]),
    ]);
  const people = await peopleByIds(db, [
    ...owners.map((o) => o.userId),
    ...krOwners.map((o) => o.userId),
    ...rows.map((r) => r.createdBy).filter((x): x is number => x !== null),
    ...answerRows.map((a) => a.createdBy).filter((x): x is number => x !== null),
  ]);
  const position = (id: number | null) => {
    const found = positions.find((p) => p.id === id);
    return found ? { id: found.id, name: found.name } : null;
  };
  const personOf = (id: number | null) => (id === null ? null : (people.get(id) ?? null));

  return rows.map((row) => {
    const ownerIds = owners.filter((o) => o.objectiveId === row.id).map((o) => o.userId);
    const facts: ObjectiveFacts = { status: row.status, ownerIds };
    const keyResultsShown: KeyResult[] = krs
      .filter((k) => k.objectiveId === row.id)
      .map((k) => {
        const krOwnerIds = krOwners.filter((o) => o.keyResultId === k.id).map((o) => o.userId);
        return {
          id: k.id,
          objective_id: k.objectiveId,
          objective: { id: row.id, name: row.name },
          workspace_id: k.workspaceId,
          name: k.name,
          kind: k.kind,
          start_value: k.startValue,
          target_value: k.targetValue,
          current_value: k.currentValue,
          unit: k.unit,
          weight: k.weight,
          status: k.status,
          confidence: k.confidence,
          progress: percent(workspaceTree.keyResultProgress.get(k.id) ?? keyResultProgress(k)),
          owners: krOwnerIds.map((id) => people.get(id)).filter((p): p is Person => !!p),
          org_position: position(k.orgPositionId),
          answers_count: answerCounts.filter((a) => a.keyResultId === k.id).length,
          tasks: linkedTasks
            .filter((t) => t.keyResultId === k.id)
            .map((t) => ({ id: t.id, name: t.name, status: t.status })),
          progress_from_tasks: k.progressFromTasks,
          last_check_in_at: iso(k.lastCheckInAt),
          created_at: k.createdAt.toISOString(),
          abilities: keyResultAbilities({ ownerIds: krOwnerIds }, facts, viewer),
        };
      });
    return {
      id: row.id,
      workspace_id: row.workspaceId,
      name: row.name,
      description: row.description,
      status: row.status,
      derived_status: derivedStatus(keyResultsShown.map((k) => k.status)),
      progress: percent(workspaceTree.objectiveProgress.get(row.id) ?? 0),
      started_at: iso(row.startedAt),
      ended_at: iso(row.endedAt),
      check_in_every_days: row.checkInEveryDays,
      owners: ownerIds.map((id) => people.get(id)).filter((p): p is Person => !!p),
      org_position: position(row.orgPositionId),
      tags: tagRows
        .filter((t) => t.objectiveId === row.id)
        .map((t) => ({ id: t.id, name: t.name, color: t.color })),
      key_results: keyResultsShown,
      key_result_count: keyResultsShown.length,
      ...alignmentsOf(row.id, workspaceTree),
      answers: answerRows
        .filter((a) => a.objectiveId === row.id)
        .map((a) => ({
          id: a.id,
          status: a.status,
          confidence: a.confidence,
          note: a.note,
          created_by: personOf(a.createdBy),
          created_at: a.createdAt.toISOString(),
        })),
      created_by: personOf(row.createdBy),
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
      abilities: objectiveAbilities(facts, viewer),
    };
  });
}

/** Check-ins of a key result, oldest first, each with the progress it left. */
export async function presentAnswers(
  db: DbOrTx,
  keyResult: KeyResultRow,
  answers: KeyResultAnswerRow[],
  abilities: ReturnType<typeof keyResultAbilities>,
  viewer: OkrViewer,
): Promise<KeyResultAnswer[]> {
  const people = await peopleByIds(
    db,
    answers.map((a) => a.createdBy).filter((x): x is number => x !== null),
  );
  return answers.map((a) => ({
    id: a.id,
    report: a.id,
    key_result_id: a.keyResultId,
    value: a.value,
    status: a.status,
    confidence: a.confidence,
    note: a.note,
    progress: percent(keyResultProgress({ ...keyResult, currentValue: a.value })),
    from_tasks: a.fromTasks,
    created_by: a.createdBy === null ? null : (people.get(a.createdBy) ?? null),
    created_at: a.createdAt.toISOString(),
    abilities: answerAbilities(a, abilities, viewer),
  }));
}

/** The workspace's objectives as the alignment tree: roots are objectives aligned nowhere. */
export function objectiveTreeOf(tree: WorkspaceTree, statuses: Set<string>): ObjectiveTreeNode[] {
  const krObjective = new Map(tree.keyResults.map((k) => [k.id, k]));
  const shown = tree.objectives.filter((o) => statuses.has(o.status));
  const shownIds = new Set(shown.map((o) => o.id));
  const statusOf = (id: number) =>
    derivedStatus(tree.keyResults.filter((k) => k.objectiveId === id).map((k) => k.status));
  const parentOf = (a: WorkspaceTree['alignments'][number]) =>
    a.parentObjectiveId ?? krObjective.get(a.parentKeyResultId ?? 0)?.objectiveId ?? null;
  const node = (
    id: number,
    alignment: WorkspaceTree['alignments'][number] | null,
    path: Set<number>,
  ): ObjectiveTreeNode => {
    const objective = shown.find((o) => o.id === id) as (typeof shown)[number];
    const kr = alignment?.parentKeyResultId ? krObjective.get(alignment.parentKeyResultId) : null;
    const inner = new Set([...path, id]);
    return {
      id,
      name: objective.name,
      status: objective.status,
      derived_status: statusOf(id),
      progress: percent(tree.objectiveProgress.get(id) ?? 0),
      alignment: alignment
        ? {
            id: alignment.id,
            weight: alignment.weight,
            via_key_result: kr ? { id: kr.id, name: kr.name } : null,
          }
        : null,
      children: tree.alignments
        .filter(
          (a) => parentOf(a) === id && shownIds.has(a.objectiveId) && !inner.has(a.objectiveId),
        )
        .map((a) => node(a.objectiveId, a, inner)),
    };
  };
  const roots = shown.filter(
    (o) =>
      !tree.alignments.some((a) => {
        if (a.objectiveId !== o.id) return false;
        const parent = parentOf(a);
        return parent !== null && shownIds.has(parent);
      }),
  );
  return roots.map((o) => node(o.id, null, new Set()));
}
