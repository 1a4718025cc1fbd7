import { parentPort, workerData } from 'node:worker_threads';
import { formTeams, TeamFormationInputError } from '../../teamformation';

/** Runs the engine in a worker thread so a large cohort never blocks the API. */
try {
  parentPort!.postMessage({ result: formTeams(workerData) });
} catch (error) {
  const message =
    error instanceof TeamFormationInputError ? error.issues.join('; ') : (error as Error).message;
  parentPort!.postMessage({ error: message });
}
