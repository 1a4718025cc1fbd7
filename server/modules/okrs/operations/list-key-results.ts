import { and, asc, eq, inArray } from 'drizzle-orm';
import { workspaceOperation } from '../../../core/workspace-access';
import { objectives } from '../../../db/schema';
import { viewerOf } from '../load';
import { presentObjectives } from '../present';
import type { OkrsDeps } from './deps';

/** Every key result of the workspace's open and closed objectives. */
export const listKeyResults = workspaceOperation(
  'view_workspace',
  async ({ db }: Pick<OkrsDeps, 'db'>, access, _input: { workspaceId: number }) => {
    const rows = await db
      .select()
      .from(objectives)
      .where(
        and(
          eq(objectives.workspaceId, access.workspace.id),
          inArray(objectives.status, ['open', 'closed']),
        ),
      )
      .orderBy(asc(objectives.name), asc(objectives.id));
    const presented = await presentObjectives(db, rows, viewerOf(access));
    return presented.flatMap((o) => o.key_results);
  },
);
