import type { AxiosProgressEvent } from 'axios';
import { useEffect, useRef, useState } from 'react';
import { apiErrorOf } from './http';

/** How an upload reports bytes sent and can be stopped. */
export interface UploadOptions {
  onProgress?: (loaded: number, total: number) => void;
  signal?: AbortSignal;
}

/** Files as a multipart form under `files`, each with its own name. */
export function filesForm(files: File[]): FormData {
  const form = new FormData();
  for (const file of files) form.append('files', file, file.name);
  return form;
}

/** Sends bytes with progress and a way to cancel; the screen shows the refusal in place. */
export const uploadOptions = ({ onProgress, signal }: UploadOptions = {}) => ({
  signal,
  hideMessages: true,
  onUploadProgress: (event: AxiosProgressEvent) =>
    onProgress?.(event.loaded, event.total ?? event.loaded),
});

/** `merged`: the server folded the file into something it had already (a CV's person). */
export type UploadState = 'uploading' | 'done' | 'merged' | 'failed' | 'cancelled';

/** One file on its way up: bytes sent, and what became of it. */
export interface Upload {
  key: string;
  name: string;
  loaded: number;
  total: number;
  state: UploadState;
  /** The server's words when it refused (e.g. over the capacity, 413) or could not read it. */
  error?: string;
}

/** What became of a file the server answered for. */
export type UploadOutcome = { state: 'done' | 'merged' } | { state: 'failed'; error: string };

let uploadCount = 0;

/**
 * Files sent one request each, so each has its own progress, its own cancel and its own
 * outcome; `onLanded` runs as each one lands (to refresh the lists that show it).
 */
export function useUploads(
  send: (file: File, options: Required<UploadOptions>) => Promise<UploadOutcome>,
  onLanded: () => unknown,
) {
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
      send(file, {
        signal: controller.signal,
        onProgress: (loaded, total) => update(upload.key, { loaded, total }),
      })
        .then((outcome) => {
          update(
            upload.key,
            outcome.state === 'failed' ? outcome : { ...outcome, loaded: upload.total },
          );
          void onLanded();
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
