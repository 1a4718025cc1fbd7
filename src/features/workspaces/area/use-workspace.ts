import { useQuery } from '@tanstack/react-query';
import { useOutletContext } from 'react-router';
import type { Workspace } from '@contracts/workspaces';
import { workspacesApi } from '../api';
import { workspaceKeys } from '../keys';

/** The workspace whose area a section page is shown in, with the caller's abilities. */
export function useWorkspace(): Workspace {
  return useOutletContext<Workspace>();
}

/** The query of one workspace with the caller's abilities and role, shared with the area's cache. */
export function useWorkspaceQuery(id: number) {
  return useQuery({ queryKey: workspaceKeys.detail(id), queryFn: () => workspacesApi.get(id) });
}
