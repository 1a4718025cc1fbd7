import { stringify } from 'csv-stringify/sync';
import type { Actor } from '../../../core/actor';
import type { Language } from '../../../i18n';
import { translator } from '../../../i18n';
import { showWorkspaceDashboard, type WorkspaceDashboardInput } from './show-workspace-dashboard';
import type { DashboardDeps } from './deps';

/**
 * The workspace dashboard as CSV: the very figures the screen shows (the same operation), one
 * row each, with a hidden figure left empty and marked, never filled in.
 */
export async function exportWorkspaceDashboard(
  deps: DashboardDeps,
  actor: Actor,
  input: WorkspaceDashboardInput & { lang: Language },
): Promise<{ name: string; bytes: Buffer }> {
  const figures = await showWorkspaceDashboard(deps, actor, input);
  const t = translator(input.lang);
  const hidden = t('dashboard:csv.hidden', { count: figures.threshold });
  const rows: (string | number)[][] = [];
  const add = (section: string, item: string, detail: string, value: number | null) =>
    rows.push([
      t(`dashboard:csv.sections.${section}`),
      item,
      detail,
      value ?? '',
      value === null ? hidden : '',
    ]);

  add('people', t('dashboard:csv.people'), '', figures.people);
  if (figures.suppressed) {
    // Too few people in the selection: the head count, and why nothing else is there.
    rows.push([
      t('dashboard:csv.sections.people'),
      '',
      '',
      '',
      t('dashboard:csv.suppressed', { count: figures.threshold }),
    ]);
  }
  if (!figures.suppressed) addFigures();
  function addFigures() {
    for (const week of figures.tasks.weeks) {
      for (const key of ['due', 'submitted', 'reviewed', 'submission_rate', 'review_rate'] as const)
        add('tasks', t(`dashboard:csv.tasks.${key}`), week.week, week[key]);
    }
    for (const key of ['due', 'submitted', 'reviewed', 'submission_rate', 'review_rate'] as const)
      add(
        'tasks',
        t(`dashboard:csv.tasks.${key}`),
        t('dashboard:csv.period_total'),
        figures.tasks[key],
      );
    add('overdue', t('dashboard:csv.overdue.units'), '', figures.overdue.units);
    add('overdue', t('dashboard:csv.overdue.people_with'), '', figures.overdue.people_with);
    add('overdue', t('dashboard:csv.overdue.people_without'), '', figures.overdue.people_without);
    for (const team of figures.overdue.by_team)
      add(
        'overdue',
        t('dashboard:csv.overdue.by_team'),
        team.name ?? t('dashboard:no_team'),
        team.overdue,
      );
    add('okrs', t('dashboard:csv.okrs.objectives'), '', figures.okrs.objectives);
    add('okrs', t('dashboard:csv.okrs.mean_progress'), '', figures.okrs.mean_progress);
    for (const [status, count] of Object.entries(figures.okrs.status_mix))
      add('okrs', t('dashboard:csv.okrs.status'), t(`dashboard:okr_status.${status}`), count);
    for (const a of figures.assessments) {
      add('assessments', t('dashboard:csv.assessments.raters'), a.name, a.raters);
      add('assessments', t('dashboard:csv.assessments.answered'), a.name, a.answered);
      add('assessments', t('dashboard:csv.assessments.completion'), a.name, a.completion);
    }
    add('teams', t('dashboard:csv.teams.teams'), '', figures.teams.teams);
    add('teams', t('dashboard:csv.teams.people_in_teams'), '', figures.teams.people_in_teams);
    add(
      'teams',
      t('dashboard:csv.teams.people_without_team'),
      '',
      figures.teams.people_without_team,
    );
    for (const team of figures.teams.by_team) {
      add('teams', t('dashboard:csv.teams.size'), team.name, team.size);
      add('teams', t('dashboard:csv.teams.skills_coverage'), team.name, team.skills_coverage);
      add('teams', t('dashboard:csv.teams.common_hours'), team.name, team.common_hours);
    }
    for (const week of figures.activity) {
      add('activity', t('dashboard:csv.activity.active'), week.week, week.active);
      add('activity', t('dashboard:csv.activity.share'), week.week, week.share);
    }
  }
  const header = ['section', 'figure', 'detail', 'value', 'note'].map((c) =>
    t(`dashboard:csv.columns.${c}`),
  );
  // A byte-order mark: spreadsheet programs then read the Vietnamese words as UTF-8.
  const text = '\uFEFF' + stringify([header, ...rows]);
  const suffix = figures.team_id ? `-team-${figures.team_id}` : '';
  return {
    name: `dashboard-${input.workspaceId}${suffix}-${figures.period}.csv`,
    bytes: Buffer.from(text, 'utf8'),
  };
}
