import { registerPermissions } from '../../auth/permissions';

declare module '../../auth/permissions' {
  interface AreaPermissions {
    /** See jobs, candidates, CVs, screening and the talent pool. */
    view_recruiting: true;
    /** Create and edit jobs, their skills and stages; add candidates. */
    manage_jobs: true;
    /** Move candidates through the pipeline, note and tag them. */
    move_candidates: true;
    /** Submit a scorecard. */
    score_candidates: true;
  }
}

/**
 * The hiring team of a recruit workspace (docs/decisions/recruit.md): owners and admins run
 * jobs; members are interviewers (see, move, note, score); viewers and deactivated members see
 * nothing of candidates.
 */
registerPermissions({
  view_recruiting: ['owner', 'admin', 'member'],
  manage_jobs: ['owner', 'admin'],
  move_candidates: ['owner', 'admin', 'member'],
  score_candidates: ['owner', 'admin', 'member'],
});
