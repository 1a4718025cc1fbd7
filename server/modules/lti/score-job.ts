import type { AppDeps } from '../../context';
import { sendScore, type ScoreJob } from './services';

export const SCORE_QUEUE = 'lti_score';

/**
 * Grade passback runs as a job: a platform that is down or slow is tried again with backoff
 * (pg-boss retries, then the dead-letter list, where an operator sees
 * refusals that cannot change, such as a person who never launched from the course).
 */
export function registerScoreJobs(deps: AppDeps) {
  void deps.jobs.define<ScoreJob>(SCORE_QUEUE, (data) => sendScore(deps, data), { retryLimit: 4 });
}
