import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useUploads, type Upload, type UploadOutcome } from '@/lib/uploads';
import { recruitApi, recruitKeys, type JobCandidate, type RecruitStage } from './api';
import { moved } from './recruit-view';

export function useJobs(workspaceId: number) {
  return useQuery({
    queryKey: recruitKeys.jobs(workspaceId),
    queryFn: () => recruitApi.jobs(workspaceId),
  });
}

export function useJob(id: number) {
  return useQuery({
    queryKey: recruitKeys.job(id),
    queryFn: () => recruitApi.job(id),
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
  });
}

export function useJobCandidates(jobId: number) {
  return useQuery({
    queryKey: recruitKeys.candidates(jobId),
    queryFn: () => recruitApi.candidates(jobId),
  });
}

/** Refreshes every recruiting query after a change (jobs, boards, screening, pools, pages). */
export function useRecruitRefresh() {
  const queryClient = useQueryClient();
  return useCallback(
    () => queryClient.invalidateQueries({ queryKey: recruitKeys.all }),
    [queryClient],
  );
}

/**
 * Moves a candidate on the board at once; the server's refusal puts them back (and its words
 * come as a toast).
 */
export function useMoveCandidate(jobId: number) {
  const queryClient = useQueryClient();
  const refresh = useRecruitRefresh();
  const key = recruitKeys.candidates(jobId);
  return useMutation({
    mutationFn: ({ id, stage, note }: { id: number; stage: RecruitStage; note?: string }) =>
      recruitApi.updateCandidate(id, note ? { stage, note } : { stage }),
    onMutate: async ({ id, stage }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<JobCandidate[]>(key);
      if (before) queryClient.setQueryData(key, moved(before, id, stage));
      return { before };
    },
    onError: (_error, _move, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSettled: refresh,
  });
}

/** One CV on its way up (the shared upload, `merged` when it joined a person in the pool). */
export type CvUpload = Upload;

/**
 * CVs sent one request each, so each has its own progress, cancel and outcome (added, merged
 * into a person already in the pool, or unreadable); the board refreshes as each one lands.
 */
export function useCvUploads(jobId: number) {
  const refresh = useRecruitRefresh();
  return useUploads(
    (file, options) =>
      recruitApi.uploadCvs(jobId, [file], options).then((result): UploadOutcome => {
        const failed = result.failed[0];
        if (failed) return { state: 'failed', error: failed.message };
        return { state: result.merged.length > 0 ? 'merged' : 'done' };
      }),
    refresh,
  );
}
