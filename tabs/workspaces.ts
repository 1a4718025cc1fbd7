import { useQuery } from '@tanstack/react-query';
import { workspaceEndpoints } from '@contracts/endpoints/workspaces';
import { workspaceKeys } from '@/features/workspaces';
import { api } from '@/lib/http';
import { useAccessToken } from '@/lib/session';

/** The signed-in person's open workspaces, for the tab pages that pick or list them. */
export function useMyWorkspaces() {
  const token = useAccessToken();
  return useQuery({
    queryKey: workspaceKeys.open(),
    queryFn: async () => (await api.call(workspaceEndpoints.list)).workspaces,
    enabled: token !== null,
  });
}

/** The people page of a workspace: what a channel tab shows and what "People" opens. */
export function peoplePath(workspaceId: number): string {
  return `/workspaces/${workspaceId}/people`;
}
