import { Worker } from 'node:worker_threads';
import type { TeamFormationRequest, TeamFormationResult } from '../../teamformation';

/**
 * Runs the engine in its own worker thread: forming teams for thousands of people takes
 * seconds of CPU, which must not stall the requests the API is serving meanwhile.
 */
export function runEngine(
  request: TeamFormationRequest,
  onProgress?: (done: number) => void,
): Promise<TeamFormationResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./engine-worker.mjs', import.meta.url), {
      workerData: request,
    });
    worker.on(
      'message',
      (message: { progress?: number; result?: TeamFormationResult; error?: string }) => {
        if (message.progress !== undefined) {
          onProgress?.(message.progress);
          return;
        }
        if (message.result) resolve(message.result);
        else reject(new Error(message.error ?? 'The team-formation engine gave no answer.'));
        void worker.terminate();
      },
    );
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`The team-formation worker stopped with code ${code}.`));
    });
  });
}
