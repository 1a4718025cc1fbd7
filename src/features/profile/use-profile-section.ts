import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { profileApi, profileKeys } from './api';

/** Each section of a person's profile that pages read, with the call that reads it. */
const sectionReads = {
  page: profileApi.pageInformation,
  performance: profileApi.performance,
  'soft-skills': profileApi.softSkills,
  skills: profileApi.userSkills,
  availability: profileApi.availability,
  personality: profileApi.personality,
  activities: profileApi.activities,
  preferences: profileApi.preferences,
};

export type ProfileSection = keyof typeof sectionReads;

/**
 * One section of a person's profile (`ref`: their id or public id), cached under the key its
 * saves refresh. `enabled: false` while the section is hidden or the person is not known yet.
 */
export function useProfileSection<S extends ProfileSection>(
  ref: string | number,
  section: S,
  options: { enabled?: boolean } = {},
): UseQueryResult<Awaited<ReturnType<(typeof sectionReads)[S]>>> {
  // Indexing the table loses which call `section` picks: the return type above restores it.
  const read = sectionReads[section] as (ref: string | number) => Promise<unknown>;
  return useQuery({
    queryKey: profileKeys.section(ref, section),
    queryFn: () => read(ref),
    ...options,
  }) as UseQueryResult<Awaited<ReturnType<(typeof sectionReads)[S]>>>;
}
