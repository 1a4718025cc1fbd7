import { eq } from 'drizzle-orm';
import type { Actor } from '../../../core/actor';
import { workspaceAccessFor } from '../../../core/workspace-access';
import { ltiContexts } from '../../../db/schema';
import { translator, type Language } from '../../../i18n';
import { activeSync, courseRefusal, latestSync, presentSync, queueRosterSync } from '../roster';
import { loadCourse } from '../services';
import type { LtiDeps } from './deps';

/** The workspace's course and its latest roster reading, in `lang`. */
export async function showRoster(
  deps: LtiDeps,
  actor: Actor,
  input: { workspaceId: number; lang: Language },
) {
  const { db } = deps;
  const { workspaceId, lang } = input;
  // Reading the status is not gated: the People page asks it of every workspace.
  await workspaceAccessFor(db, actor, workspaceId, 'invite_members');
  const course = await loadCourse(db, workspaceId);
  const blocked = course ? courseRefusal(course) : null;
  const latest = await latestSync(db, workspaceId);
  const t = translator(lang);
  return {
    course: course
      ? {
          platform_name: course.platform.name,
          blocked: blocked
            ? { code: blocked.code, message: t(blocked.messageRef.key, blocked.messageRef.params) }
            : null,
        }
      : null,
    latest: latest ? presentSync(latest, lang) : null,
  };
}

/** Queues a reading of the roster (a job); while one is queued or running, answers that one. */
export async function syncRoster(
  deps: LtiDeps,
  actor: Actor,
  input: { workspaceId: number; lang: Language },
) {
  const { db } = deps;
  const { workspaceId } = input;
  // Not gated: the teacher's launch reads the roster on every plan, so the button does too.
  await workspaceAccessFor(db, actor, workspaceId, 'invite_members', { change: true });
  const course = await loadCourse(db, workspaceId);
  const refused = courseRefusal(course);
  if (refused || !course) throw refused;
  const sync = await db.transaction(async (tx) => {
    // One reading at a time per course: two clicks (or a click and a launch) meet here.
    await tx
      .select({ id: ltiContexts.id })
      .from(ltiContexts)
      .where(eq(ltiContexts.id, course.context.id))
      .for('update');
    return (
      (await activeSync(tx, course.context.id)) ??
      (await queueRosterSync(tx, course.context, actor.userId, 'button'))
    );
  });
  return presentSync(sync, input.lang);
}
