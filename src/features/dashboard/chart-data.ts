import type { WorkspaceDashboard } from '@contracts/dashboard';

/**
 * What each chart of the workspace dashboard draws, from the API's figures and nothing else:
 * a hidden figure stays null (a gap in the line), never a guess.
 */
export function taskChartData(figures: WorkspaceDashboard, label: (week: string) => string) {
  return figures.tasks.weeks.map((week) => ({ ...week, label: label(week.week) }));
}

export function activityChartData(figures: WorkspaceDashboard, label: (week: string) => string) {
  return figures.activity.map((week) => ({
    week: week.week,
    label: label(week.week),
    active: week.active,
  }));
}

export function okrChartData(figures: WorkspaceDashboard, label: (status: string) => string) {
  return (['on trace', 'at risk', 'has issue', 'none'] as const).map((status) => ({
    label: label(status),
    objectives: figures.okrs.status_mix[status],
  }));
}
