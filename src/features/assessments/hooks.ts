import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { withApiError } from '@/lib/http';
import { assessmentKeys } from './keys';

export function useWorkspaceId(): number {
  return Number(useParams().workspace);
}

/** A call that changes assessments: every assessment query is fetched again on success. */
export function useAssessmentMutation<Args, Result>(call: (args: Args) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (args: Args) => withApiError(() => call(args)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: assessmentKeys.all }),
  });
}
