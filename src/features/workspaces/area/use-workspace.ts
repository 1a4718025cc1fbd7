import { useOutletContext } from 'react-router';
import type { Workspace } from '@contracts/workspaces';

/** The workspace whose area a section page is shown in, with the caller's abilities. */
export function useWorkspace(): Workspace {
  return useOutletContext<Workspace>();
}
