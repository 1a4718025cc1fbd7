import { useQuery } from '@tanstack/react-query';
import { teamsApi } from './api';
import { teamKeys } from './keys';

/** The workspace's members, under the teams area's key (so team changes refresh them too). */
export function useTeamMembers(workspaceId: number) {
  return useQuery({
    queryKey: teamKeys.members(workspaceId),
    queryFn: () => teamsApi.members(workspaceId),
  });
}
