import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WorkspaceDashboard } from '@contracts/dashboard';
import { activityChartData, okrChartData, taskChartData } from './chart-data';
import { renderInApp } from '@/testing/render-in-app';

/**
 * A workspace of 7 members seen over 4 weeks, as tests/api/dashboard.test.ts seeds it and
 * counts it by hand: 7 units due in the last week (4 handed in, 2 reviewed), 5 overdue, team
 * Beta (2 people) and the one member with no team hidden together.
 */
const figures: WorkspaceDashboard = {
  period: '4w',
  team_id: null,
  threshold: 3,
  people: 7,
  suppressed: false,
  tasks: {
    weeks: [
      {
        week: '2026-11-02',
        due: null,
        submitted: null,
        reviewed: null,
        submission_rate: null,
        review_rate: null,
      },
      {
        week: '2026-11-09',
        due: null,
        submitted: null,
        reviewed: null,
        submission_rate: null,
        review_rate: null,
      },
      {
        week: '2026-11-16',
        due: null,
        submitted: null,
        reviewed: null,
        submission_rate: null,
        review_rate: null,
      },
      {
        week: '2026-11-23',
        due: 7,
        submitted: 4,
        reviewed: 2,
        submission_rate: 57.1,
        review_rate: 50,
      },
    ],
    due: 7,
    submitted: 4,
    reviewed: 2,
    submission_rate: 57.1,
    review_rate: 50,
  },
  overdue: {
    units: 5,
    people_with: null,
    people_without: null,
    by_team: [
      { team_id: 1, name: 'Alpha', people: 4, overdue: 2 },
      { team_id: 2, name: 'Beta', people: 2, overdue: null },
      { team_id: null, name: null, people: 1, overdue: null },
    ],
  },
  okrs: {
    objectives: 3,
    mean_progress: 40,
    status_mix: { 'on trace': 1, 'at risk': 1, 'has issue': 0, none: 1 },
  },
  assessments: [
    {
      id: 9,
      name: 'Big 360',
      status: 'open',
      raters: 4,
      answers_due: 4,
      answered: 3,
      completion: 75,
    },
    {
      id: 8,
      name: 'Small 360',
      status: 'open',
      raters: null,
      answers_due: null,
      answered: null,
      completion: null,
    },
  ],
  teams: {
    teams: 2,
    people_in_teams: 6,
    people_without_team: 1,
    formation: null,
    no_data: { personality: false, skills: false, availability: false },
    balance: null,
    by_team: [
      { id: 1, name: 'Alpha', size: 4, skills_coverage: 1, common_hours: 12, personality_gap: 0.4 },
      {
        id: 2,
        name: 'Beta',
        size: 2,
        skills_coverage: null,
        common_hours: null,
        personality_gap: null,
      },
    ],
  },
  activity: [
    { week: '2026-11-02', active: 0, share: 0 },
    { week: '2026-11-09', active: 0, share: 0 },
    { week: '2026-11-16', active: 0, share: 0 },
    { week: '2026-11-23', active: 3, share: 42.9 },
  ],
  team_choices: [
    { id: 1, name: 'Alpha' },
    { id: 2, name: 'Beta' },
  ],
};

vi.mock('./api', () => ({
  dashboardKeys: { workspace: (id: number, q: unknown) => ['dashboard', id, q] },
  dashboardApi: {
    workspace: async () => figures,
    workspaceCsv: async () => ({ blob: new Blob() }),
  },
}));

async function renderFigures() {
  const { default: WorkspaceFigures } = await import('./WorkspaceFigures');
  renderInApp(<WorkspaceFigures workspaceId={5} />);
  return screen.findByTestId('tasks-chart-data');
}

describe('the workspace dashboard on screen', () => {
  afterEach(cleanup);

  it('gives the charts the API figures and nothing else: a hidden week is a gap', () => {
    const label = (week: string) => `w${week}`;
    const data = taskChartData(figures, label);
    expect(data.map((row) => row.submission_rate)).toEqual([null, null, null, 57.1]);
    expect(data.map((row) => row.review_rate)).toEqual([null, null, null, 50]);
    expect(data[3]).toMatchObject({ due: 7, submitted: 4, reviewed: 2, label: 'w2026-11-23' });
    expect(activityChartData(figures, label).map((row) => row.active)).toEqual([0, 0, 0, 3]);
    expect(okrChartData(figures, (s) => s).map((row) => row.objectives)).toEqual([1, 1, 0, 1]);
  });

  it(
    'draws the hand-counted week in the chart’s table and never a number for a hidden figure',
    { timeout: 60_000 },
    async () => {
      const table = await renderFigures();
      const row = table.querySelector('tr[data-week="2026-11-23"]') as HTMLElement;
      const cells = within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
      expect(cells.slice(1)).toEqual(['7', '4', '2', '57.1', '50']);
      const hiddenWeek = table.querySelector('tr[data-week="2026-11-02"]') as HTMLElement;
      expect(
        within(hiddenWeek)
          .getAllByRole('cell')
          .slice(1)
          .every((cell) => !/\d/.test(cell.textContent ?? '')),
      ).toBe(true);
      // Beta's overdue work and the small 360's completion say "hidden", not a number.
      const beta = screen.getAllByRole('row').find((r) => r.textContent?.startsWith('Beta2'));
      expect(beta?.textContent).toBe('Beta2dashboard:workspace.hidden');
      const small = screen.getAllByRole('row').find((r) => r.textContent?.startsWith('Small 360'));
      expect(small?.textContent?.match(/\d/g)).toEqual(['3', '6', '0']);
    },
  );

  it(
    'says why a team measure nobody gave data for is missing, never a perfect score',
    { timeout: 60_000 },
    async () => {
      const teams = figures.teams;
      figures.teams = {
        ...teams,
        balance: { personality_spread: 0.05, skills_mean: null, availability_mean: 0.8 },
        no_data: { personality: false, skills: true, availability: false },
      };
      try {
        await renderFigures();
        const items = screen.getAllByRole('listitem').map((item) => item.textContent);
        expect(items).toContain(
          'dashboard:workspace.balance.skills_mean: dashboard:workspace.balance.no_skills',
        );
        expect(items).toContain('dashboard:workspace.balance.availability_mean: 80 %');
        expect(items).toContain('dashboard:workspace.balance.personality_spread: 0.05');
        // Alpha's skills read "–" (no data), its hours a number; Beta's stay hidden.
        const rows = screen.getAllByRole('row').map((row) => row.textContent);
        expect(rows).toContain('Alpha4–120.4');
      } finally {
        figures.teams = teams;
      }
    },
  );
});
