import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { apiErrorOf } from '@/lib/http';
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

export type UploadState = 'uploading' | 'done' | 'merged' | 'failed' | 'cancelled';

/** One CV on its way up: bytes sent, and what became of it. */
export interface CvUpload {
  key: string;
  name: string;
  loaded: number;
  total: number;
  state: UploadState;
  /** The server's words when it refused or could not read the file. */
  error?: string;
}

let uploadCount = 0;

/**
 * CVs sent one request each, so each has its own progress, cancel and outcome (added, merged
 * into a person already in the pool, or unreadable); the board refreshes as each one lands.
 */
export function useCvUploads(jobId: number) {
  const refresh = useRecruitRefresh();
  const [uploads, setUploads] = useState<CvUpload[]>([]);
  const controllers = useRef(new Map<string, AbortController>());
  const update = (key: string, change: Partial<CvUpload>) =>
    setUploads((list) => list.map((u) => (u.key === key ? { ...u, ...change } : u)));

  useEffect(() => {
    const running = controllers.current;
    return () => running.forEach((controller) => controller.abort());
  }, []);

  const start = (files: File[]) => {
    const started = files.map((file) => ({
      file,
      upload: {
        key: `cv-${++uploadCount}`,
        name: file.name,
        loaded: 0,
        total: file.size,
        state: 'uploading' as const,
      },
    }));
    setUploads((list) => [...started.map((s) => s.upload), ...list]);
    for (const { file, upload } of started) {
      const controller = new AbortController();
      controllers.current.set(upload.key, controller);
      recruitApi
        .uploadCvs(jobId, [file], {
          signal: controller.signal,
          onProgress: (loaded, total) => update(upload.key, { loaded, total }),
        })
        .then((result) => {
          const failed = result.failed[0];
          if (failed) update(upload.key, { state: 'failed', error: failed.message });
          else
            update(upload.key, {
              state: result.merged.length > 0 ? 'merged' : 'done',
              loaded: upload.total,
            });
          void refresh();
        })
        .catch((error: unknown) => {
          if (controller.signal.aborted) return update(upload.key, { state: 'cancelled' });
          update(upload.key, { state: 'failed', error: apiErrorOf(error).messages.join(' ') });
        })
        .finally(() => controllers.current.delete(upload.key));
    }
  };

  const cancel = (key: string) => controllers.current.get(key)?.abort();
  const clearFinished = () => setUploads((list) => list.filter((u) => u.state === 'uploading'));
  return { uploads, start, cancel, clearFinished };
}
