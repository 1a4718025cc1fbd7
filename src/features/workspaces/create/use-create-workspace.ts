import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import type { Workspace, WorkspaceType } from '@contracts/workspaces';
import { withApiError, type ApiError, type Envelope } from '@/lib/http';
import { refreshWorkspaces, workspacesApi } from '../api';
import {
  basicInformationBody,
  emptyBasicInformation,
  type BasicInformation,
} from './BasicInformationFields';

/**
 * The basic information of a new workspace of a type, as typed so far; sending the form creates
 * the workspace and takes its owner to its people page to invite members.
 */
export function useCreateWorkspaceForm(type: WorkspaceType) {
  const [value, setValue] = useState<BasicInformation>(emptyBasicInformation);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const create = useMutation<Envelope<Workspace>, ApiError, BasicInformation>({
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
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(value);
  };
  return { value, setValue, create, onSubmit };
}
