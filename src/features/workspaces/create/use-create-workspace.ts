import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { Workspace, WorkspaceType } from '@contracts/workspaces';
import { withApiError, type ApiError, type Envelope } from '@/lib/http';
import { refreshWorkspaces, workspacesApi } from '../api';
import { basicInformationBody, type BasicInformation } from './BasicInformationFields';

/** Creates a workspace of a type and takes its owner to its people page to invite members. */
export function useCreateWorkspace(type: WorkspaceType) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation<Envelope<Workspace>, ApiError, BasicInformation>({
    mutationFn: (value) =>
      withApiError(() =>
        workspacesApi.create({
          ...basicInformationBody(value),
          workspace_type: type,
          schema: { color: value.color },
        }),
      ),
    onSuccess: async ({ resource }) => {
      await refreshWorkspaces(queryClient);
      navigate(`/workspaces/${resource.id}/people`);
    },
  });
}
