import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { apiErrorOf } from '@/lib/http';
import { saveFile } from '@/lib/save-file';
import { driveApi, driveKeys, type DriveListView } from './api';
import { nextPage } from './drive-view';

/** One list of files, page after page. */
export function useDriveList(view: DriveListView) {
  const query = useInfiniteQuery({
    queryKey: driveKeys.list(view),
    queryFn: ({ pageParam }) => driveApi.list(view, pageParam),
    initialPageParam: 1,
    getNextPageParam: (_last, pages) => nextPage(pages),
  });
  const files = query.data?.pages.flatMap((page) => page.data) ?? [];
  return { ...query, files };
}

export function useCapacity() {
  return useQuery({ queryKey: driveKeys.capacity, queryFn: driveApi.capacity });
}

/** Refreshes every list, the capacity and the versions after a change. */
export function useDriveRefresh() {
  const queryClient = useQueryClient();
  return useCallback(
    () => queryClient.invalidateQueries({ queryKey: driveKeys.all }),
    [queryClient],
  );
}

/** A change to one or several files (archive, restore, delete for good), then a refresh. */
export function useDriveChange(change: (id: number) => Promise<unknown>) {
  const refresh = useDriveRefresh();
  return useMutation({
    mutationFn: (ids: number[]) => Promise.all(ids.map((id) => change(id))),
    onSettled: refresh,
  });
}

/** Saves a file (or one of its versions) under its own name. */
export async function downloadFile(
  name: string,
  download: () => Promise<{ blob: Blob; filename: string | undefined }>,
): Promise<void> {
  const { blob, filename } = await download();
  saveFile(blob, filename ?? name);
}

export type UploadState = 'uploading' | 'done' | 'failed' | 'cancelled';

/** One file on its way up: bytes sent, and what became of it. */
export interface Upload {
  key: string;
  name: string;
  loaded: number;
  total: number;
  state: UploadState;
  /** The server's words when it refused (e.g. over the capacity, 413). */
  error?: string;
}

let uploadCount = 0;

/**
 * Files sent one request each, so each has its own progress and its own cancel; the lists and
 * the capacity refresh as each one lands.
 */
export function useUploads() {
  const refresh = useDriveRefresh();
  const [uploads, setUploads] = useState<Upload[]>([]);
  const controllers = useRef(new Map<string, AbortController>());
  const update = (key: string, change: Partial<Upload>) =>
    setUploads((list) => list.map((u) => (u.key === key ? { ...u, ...change } : u)));

  useEffect(() => {
    const running = controllers.current;
    return () => running.forEach((controller) => controller.abort());
  }, []);

  const start = (files: File[]) => {
    const started = files.map((file) => ({
      file,
      upload: {
        key: `upload-${++uploadCount}`,
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
      driveApi
        .upload(file, {
          signal: controller.signal,
          onProgress: (loaded, total) => update(upload.key, { loaded, total }),
        })
        .then(() => {
          update(upload.key, { state: 'done', loaded: upload.total });
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
