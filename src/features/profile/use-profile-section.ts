import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { profileApi, profileKeys } from './api';

/**
 * Each section of a person's profile that pages read, with the call that reads it: by name, so
 * the call is looked up when made and a test's stand-in for it is the one that runs.
 */
const sectionReads = {
  page: 'pageInformation',
  performance: 'performance',
  'soft-skills': 'softSkills',
  skills: 'userSkills',
  availability: 'availability',
  personality: 'personality',
  activities: 'activities',
  preferences: 'preferences',
} as const;

type SectionRead<S extends keyof typeof sectionReads> =
  (typeof profileApi)[(typeof sectionReads)[S]];

export type ProfileSection = keyof typeof sectionReads;

/**
 * One section of a person's profile (`ref`: their id or public id), cached under the key its
 * saves refresh. `enabled: false` while the section is hidden or the person is not known yet.
 */
export function useProfileSection<S extends ProfileSection>(
  ref: string | number,
  section: S,
  options: { enabled?: boolean } = {},
): UseQueryResult<Awaited<ReturnType<SectionRead<S>>>> {
  return useQuery({
    queryKey: profileKeys.section(ref, section),
    // Indexing the calls loses which one `section` picks: the return type above restores it.
    queryFn: () =>
      (profileApi[sectionReads[section]] as (ref: string | number) => Promise<unknown>)(ref),
    ...options,
  }) as UseQueryResult<Awaited<ReturnType<SectionRead<S>>>>;
}
