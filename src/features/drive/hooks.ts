import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { saveFile } from '@/lib/save-file';
import { useUploads } from '@/lib/uploads';

export type { Upload } from '@/lib/uploads';
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

/** Files sent one request each; the lists and the capacity refresh as each one lands. */
export function useDriveUploads() {
  const refresh = useDriveRefresh();
  return useUploads(
    (file, options) => driveApi.upload(file, options).then(() => ({ state: 'done' as const })),
    refresh,
  );
}
