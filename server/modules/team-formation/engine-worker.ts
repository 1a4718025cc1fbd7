import { parentPort, workerData } from 'node:worker_threads';
import { formTeams, TeamFormationInputError } from '../../teamformation';

/** Runs the engine in a worker thread so a large cohort never blocks the API. */
/** Progress goes out at most every 2 percent, so the parent is not flooded. */
let told = -1;
const progress = (done: number) => {
  if (done - told < 0.02 && done < 1) return;
  told = done;
  parentPort!.postMessage({ progress: done });
};
try {
  parentPort!.postMessage({ result: await formTeams(workerData, progress) });
} catch (error) {
  const message =
    error instanceof TeamFormationInputError ? error.issues.join('; ') : (error as Error).message;
  parentPort!.postMessage({ error: message });
}
