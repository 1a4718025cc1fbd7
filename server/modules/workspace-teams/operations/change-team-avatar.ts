import { eq } from 'drizzle-orm';
import { operationOn } from '../../../core/actor';
import { teams } from '../../../db/schema';
import { forbidden } from '../../../http/errors';
import { avatarKeyOf, avatarUrlOf, removeFiles } from '../../profile';
import { requireTeam, teamView } from '../load';
import type { TeamsDeps } from './deps';

/** An uploaded picture, stored but not yet published. */
export interface AvatarUpload {
  file: Parameters<typeof avatarUrlOf>[0];
  publish: () => Promise<void>;
}

/**
 * Changes the team's picture (`avatar` is read once the actor may), or removes it when
 * `avatar` is null; the old file goes once the row no longer names it.
 */
export const changeTeamAvatar = operationOn(
  (db, actor, input: { teamId: number; avatar: (() => Promise<AvatarUpload>) | null }) =>
    requireTeam(db, actor, input.teamId),
  async (deps: TeamsDeps, { team, access }, input) => {
    const { db } = deps;
    if (!(await teamView(db, team, access)).abilities.change_avatar) throw forbidden();
    const upload = input.avatar && (await input.avatar());
    const [updated] = await db
      .update(teams)
      .set({ avatarUrl: upload ? avatarUrlOf(upload.file) : null, updatedAt: new Date() })
      .where(eq(teams.id, team.id))
      .returning();
    await upload?.publish();
    await removeFiles(deps, [avatarKeyOf(team.avatarUrl)]);
    return teamView(db, updated, access);
  },
);
