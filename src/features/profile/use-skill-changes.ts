import { useMutation, useQueryClient } from '@tanstack/react-query';
import { profileApi, profileKeys, type UserSkills } from './api';
import { useRefreshProfile } from './use-refresh-user';

type Entry = UserSkills['user_skills'][number];

/** One change a person makes to their skills, applied to the list as it is when it runs. */
export type SkillChange =
  | { kind: 'add'; skill: { id: number; name: string } | { name: string } }
  | { kind: 'remove'; entry: Entry }
  | { kind: 'level'; entry: Entry; level: number | null };

/** A typed skill shows before the server names its id: it has a negative one until then. */
const isSaved = (entry: Entry) => entry.skill_id > 0;

function sameSkill(a: Entry, b: Entry) {
  return isSaved(a) && isSaved(b)
    ? a.skill_id === b.skill_id
    : a.name.toLowerCase() === b.name.toLowerCase();
}

/**
 * The list with one change made. Making it again changes nothing, so a change can be applied
 * to the newest list each time it is needed (after a refetch that did not know of it yet).
 */
export function applySkillChange(list: readonly Entry[], change: SkillChange): Entry[] {
  if (change.kind === 'remove') return list.filter((entry) => !sameSkill(entry, change.entry));
  if (change.kind === 'level') {
    return list.map((entry) =>
      sameSkill(entry, change.entry) ? { ...entry, level: change.level } : entry,
    );
  }
  const provisional = Math.min(0, ...list.map((entry) => entry.skill_id)) - 1;
  const added: Entry = {
    skill_id: 'id' in change.skill ? change.skill.id : provisional,
    name: change.skill.name,
    level: null,
  };
  return list.some((entry) => sameSkill(entry, added)) ? [...list] : [...list, added];
}

const toSaved = (list: readonly Entry[]) =>
  list.map((entry) =>
    isSaved(entry)
      ? { skill_id: entry.skill_id, level: entry.level }
      : { name: entry.name, level: entry.level },
  );

/**
 * Adding, removing and leveling the signed-in person's skills, as a tag editor does: each
 * change shows at once, the saves go one at a time in the order they were made, and each sends
 * the newest list with its change in it, never the list of the render that made it.
 */
export function useSkillChanges(userId: number) {
  const queryClient = useQueryClient();
  const refresh = useRefreshProfile();
  const key = profileKeys.section(userId, 'skills');
  const mutationKey = [...key, 'save'];
  const applyToCache = (change: SkillChange) => {
    const now = queryClient.getQueryData<UserSkills>(key);
    if (!now) return [];
    const user_skills = applySkillChange(now.user_skills, change);
    queryClient.setQueryData<UserSkills>(key, { ...now, user_skills });
    return user_skills;
  };
  return useMutation({
    mutationKey,
    scope: { id: mutationKey.join(':') },
    onMutate: async (change: SkillChange) => {
      // A read already under way would bring back the list without this change.
      await queryClient.cancelQueries({ queryKey: key });
      applyToCache(change);
    },
    mutationFn: (change: SkillChange) => profileApi.saveSkills(toSaved(applyToCache(change))),
    onSuccess: (saved) => {
      // Changes still waiting keep their place in the list until the last one is saved.
      if (queryClient.isMutating({ mutationKey }) > 1) return;
      queryClient.setQueryData<UserSkills>(key, saved);
      return refresh();
    },
    onError: () => refresh(),
  });
}
