import {
  Button,
  Card,
  Field,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Select,
  Skeleton,
  SkeletonItem,
  Text,
  tokens,
  Tooltip,
} from '@fluentui/react-components';
import { ArrowDownloadRegular, EyeOffRegular } from '@fluentui/react-icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  Tooltip as ChartTooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { DASHBOARD_PERIODS, type DashboardPeriod } from '@contracts/dashboard';
import { PlainTable } from '@/components/PlainTable';
import { RouterLink } from '@/components/RouterLink';
import { useIsMobile } from '@/lib/device';
import { formatDate } from '@/lib/format';
import { saveFile } from '@/lib/save-file';
import { dashboardApi, dashboardKeys, type WorkspaceDashboard } from './api';
import { activityChartData, okrChartData, taskChartData } from './chart-data';
import { useWidth } from '@/lib/use-width';
import { cellGrid, columnList, visuallyHidden, column, pageColumn } from '@/lib/styles';

const CHART_HEIGHT = 240;

const useStyles = makeStyles({
  root: { ...pageColumn, minWidth: 0 },
  head: {
    ...column,
    gap: tokens.spacingVerticalXS,
    '& > *': { margin: 0 },
  },
  muted: { color: tokens.colorNeutralForeground2 },
  filters: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'flex-end',
    gap: tokens.spacingHorizontalM,
    '& > *': { minWidth: '160px', flex: '1 1 160px', maxWidth: '260px' },
  },
  exportButton: { minWidth: 'auto', flex: '0 0 auto' },
  kpis: { ...cellGrid('170px'), gap: tokens.spacingHorizontalM },
  kpi: { gap: tokens.spacingVerticalXXS, minWidth: 0 },
  kpiValue: { fontSize: tokens.fontSizeHero700, lineHeight: tokens.lineHeightHero700 },
  grid: { ...cellGrid('420px'), gap: tokens.spacingHorizontalL, alignItems: 'start' },
  card: { gap: tokens.spacingVerticalS, minWidth: 0 },
  chart: { width: '100%', height: `${CHART_HEIGHT}px`, minWidth: 0 },
  tableWrap: { overflowX: 'auto', maxWidth: '100%' },
  rowCards: { ...columnList, gap: tokens.spacingVerticalS },
  rowCard: {
    ...column,
    gap: tokens.spacingVerticalXXS,
    padding: tokens.spacingVerticalS,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  rowFigures: {
    margin: 0,
    display: 'grid',
    gridTemplateColumns: '1fr auto',
    columnGap: tokens.spacingHorizontalM,
    '& > div': { display: 'contents' },
    '& dt': { color: tokens.colorNeutralForeground2 },
    '& dd': { margin: 0, textAlign: 'end' },
  },
  hidden: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: '4px',
    color: tokens.colorNeutralForeground3,
  },
  srOnly: visuallyHidden,
  cardHead: {
    '& > h3': { margin: 0 },
    display: 'flex',
    justifyContent: 'space-between',
    alignItems: 'baseline',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalS,
  },
});

/** A week's Monday as a short day and month in the reader's language, for the axes. */
function useShortWeek() {
  const { i18n } = useTranslation();
  const format = new Intl.DateTimeFormat(i18n.language, {
    day: 'numeric',
    month: 'numeric',
    timeZone: 'UTC',
  });
  return (week: string) => format.format(new Date(`${week}T00:00:00Z`));
}

type Measure = keyof WorkspaceDashboard['teams']['no_data'];

/** The split's measures in the teams block, and the data each is made of. */
const BALANCE_MEASURES = [
  { key: 'personality_spread', measure: 'personality', percent: false },
  { key: 'skills_mean', measure: 'skills', percent: true },
  { key: 'availability_mean', measure: 'availability', percent: true },
] as const satisfies readonly {
  key: keyof NonNullable<WorkspaceDashboard['teams']['balance']>;
  measure: Measure;
  percent: boolean;
}[];

/** One of the split's measures as the teams block words it: the value, or why there is none. */
function balanceText(
  figures: WorkspaceDashboard,
  { key, measure, percent }: (typeof BALANCE_MEASURES)[number],
  t: (key: string) => string,
): string {
  if (figures.teams.no_data[measure]) return t(`dashboard:workspace.balance.no_${measure}`);
  const value = figures.teams.balance?.[key] ?? null;
  if (value === null) return '–';
  return percent ? `${Math.round(value * 100)} %` : String(value);
}

/** A team's measure that nobody gave data for: a dash, and why, never a perfect score. */
function NoData({ measure }: { measure: Measure }) {
  const { t } = useTranslation();
  return (
    <Tooltip content={t(`dashboard:workspace.balance.no_${measure}`)} relationship="description">
      <span tabIndex={0}>–</span>
    </Tooltip>
  );
}

/** A figure, or the word that it is hidden and why. */
function Figure({
  value,
  suffix = '',
  threshold,
}: {
  value: number | null;
  suffix?: string;
  threshold: number;
}) {
  const styles = useStyles();
  const { t } = useTranslation();
  if (value === null) {
    return (
      <Tooltip
        content={t('dashboard:workspace.hidden_reason', { count: threshold })}
        relationship="description"
      >
        <span className={styles.hidden} tabIndex={0}>
          <EyeOffRegular aria-hidden />
          {t('dashboard:workspace.hidden')}
        </span>
      </Tooltip>
    );
  }
  return (
    <>
      {value}
      {suffix}
    </>
  );
}

/** A share: hidden with its count; a dash when there was nothing to divide by. */
function Rate({
  value,
  count,
  threshold,
}: {
  value: number | null;
  count: number | null;
  threshold: number;
}) {
  if (count !== null && value === null) return <>–</>;
  return <Figure value={value} suffix="%" threshold={threshold} />;
}

function Block({
  id,
  title,
  description,
  link,
  children,
}: {
  id: string;
  title: string;
  description?: string;
  link?: string;
  children: ReactNode;
}) {
  const styles = useStyles();
  const { t } = useTranslation();
  return (
    <Card className={styles.card} role="region" aria-labelledby={`${id}-title`}>
      <div className={styles.cardHead}>
        <Text as="h3" id={`${id}-title`} size={400} weight="semibold">
          {title}
        </Text>
        {link && <RouterLink to={link}>{t('dashboard:workspace.open_list')}</RouterLink>}
      </div>
      {description && (
        <Text size={200} className={styles.muted}>
          {description}
        </Text>
      )}
      {children}
    </Card>
  );
}

function Kpi({ label, children, link }: { label: string; children: ReactNode; link: string }) {
  const styles = useStyles();
  return (
    <Card className={styles.kpi} size="small">
      <RouterLink to={link}>
        <Text size={200}>{label}</Text>
      </RouterLink>
      <Text className={styles.kpiValue} weight="semibold">
        {children}
      </Text>
    </Card>
  );
}

/** A chart as one picture with its name, drawn once its width is known and at that width. */
function ChartFrame({
  label,
  testId,
  children,
}: {
  label: string;
  testId: string;
  children: (width: number) => ReactNode;
}) {
  const styles = useStyles();
  const [ref, width] = useWidth<HTMLDivElement>();
  return (
    <div ref={ref} className={styles.chart} role="img" aria-label={label} data-testid={testId}>
      {width > 0 && children(width)}
    </div>
  );
}

/** Submission and review rates by week: the chart, and the same rows as a table for readers. */
export function TaskRatesChart({ figures }: { figures: WorkspaceDashboard }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const data = taskChartData(figures, useShortWeek());
  const empty = figures.tasks.weeks.every((week) => week.due === null);
  return (
    <>
      {empty ? (
        <Text className={styles.muted}>{t('dashboard:workspace.tasks_chart_empty')}</Text>
      ) : (
        <ChartFrame label={t('dashboard:workspace.tasks_chart')} testId="tasks-chart">
          {(width) => (
            <LineChart
              width={width}
              height={CHART_HEIGHT}
              data={data}
              margin={{ left: -20, right: 8 }}
            >
              <CartesianGrid strokeDasharray="3 3" stroke={tokens.colorNeutralStroke2} />
              <XAxis dataKey="label" tick={{ fontSize: 10 }} minTickGap={16} />
              <YAxis domain={[0, 100]} tick={{ fontSize: 10 }} />
              <ChartTooltip />
              <Legend wrapperStyle={{ fontSize: 12 }} />
              {[
                {
                  rate: 'submission_rate',
                  name: t('dashboard:workspace.series.submission_rate'),
                  stroke: tokens.colorBrandStroke1,
                },
                {
                  rate: 'review_rate',
                  name: t('dashboard:workspace.series.review_rate'),
                  stroke: tokens.colorPaletteGreenForeground1,
                },
              ].map((series) => (
                <Line
                  key={series.rate}
                  dataKey={series.rate}
                  name={series.name}
                  stroke={series.stroke}
                  strokeWidth={2}
                  connectNulls={false}
                  isAnimationActive={false}
                />
              ))}
            </LineChart>
          )}
        </ChartFrame>
      )}
      <table className={styles.srOnly} data-testid="tasks-chart-data">
        <caption>{t('dashboard:workspace.tasks_chart')}</caption>
        <thead>
          <tr>
            <th>{t('dashboard:workspace.week')}</th>
            <th>{t('dashboard:workspace.due')}</th>
            <th>{t('dashboard:workspace.submitted')}</th>
            <th>{t('dashboard:workspace.reviewed')}</th>
            <th>{t('dashboard:workspace.series.submission_rate')}</th>
            <th>{t('dashboard:workspace.series.review_rate')}</th>
          </tr>
        </thead>
        <tbody>
          {data.map((row) => (
            <tr key={row.week} data-week={row.week}>
              <td>{row.label}</td>
              <td>{row.due ?? t('dashboard:workspace.hidden')}</td>
              <td>{row.submitted ?? t('dashboard:workspace.hidden')}</td>
              <td>{row.reviewed ?? t('dashboard:workspace.hidden')}</td>
              <td>{row.submission_rate ?? t('dashboard:workspace.hidden')}</td>
              <td>{row.review_rate ?? t('dashboard:workspace.hidden')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

function SmallBarChart({
  data,
  dataKey,
  name,
  label,
  testId,
}: {
  data: { label: string; [key: string]: string | number | null }[];
  dataKey: string;
  name: string;
  label: string;
  testId: string;
}) {
  return (
    <ChartFrame label={label} testId={testId}>
      {(width) => (
        <BarChart width={width} height={CHART_HEIGHT} data={data} margin={{ left: -20, right: 8 }}>
          <CartesianGrid strokeDasharray="3 3" stroke={tokens.colorNeutralStroke2} />
          <XAxis dataKey="label" tick={{ fontSize: 10 }} minTickGap={8} />
          <YAxis allowDecimals={false} tick={{ fontSize: 10 }} />
          <ChartTooltip />
          <Bar
            dataKey={dataKey}
            name={name}
            fill={tokens.colorBrandBackground}
            isAnimationActive={false}
          />
        </BarChart>
      )}
    </ChartFrame>
  );
}

interface FigureColumn<T> {
  label: string;
  render: (row: T) => ReactNode;
}

/**
 * The table behind a chart or figure. On phones each row becomes a small card of label and
 * value (the first column as its title), so nothing scrolls sideways at 360 px.
 */
function FigureTable<T>({
  label,
  rows,
  rowKey,
  columns,
}: {
  label: string;
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  columns: FigureColumn<T>[];
}) {
  const styles = useStyles();
  const mobile = useIsMobile();
  if (mobile) {
    const [title, ...rest] = columns;
    return (
      <ul className={styles.rowCards} aria-label={label}>
        {rows.map((row) => (
          <li key={rowKey(row)} className={styles.rowCard}>
            <Text weight="semibold">{title.render(row)}</Text>
            <dl className={styles.rowFigures}>
              {rest.map((column) => (
                <div key={column.label}>
                  <dt>{column.label}</dt>
                  <dd>{column.render(row)}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <div className={styles.tableWrap}>
      <PlainTable
        size="small"
        label={label}
        items={rows}
        rowKey={rowKey}
        columns={columns.map((column) => ({ id: column.label, ...column }))}
      />
    </div>
  );
}

function Figures({ figures, workspaceId }: { figures: WorkspaceDashboard; workspaceId: number }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const k = figures.threshold;
  const base = `/workspaces/${workspaceId}`;
  const latest = figures.activity.at(-1);
  const shortWeek = useShortWeek();
  const overdueSum = figures.overdue.units;
  /** A team's measure: a dash with the reason when nobody gave its data, else the figure. */
  const measured = (measure: Measure, value: number | null) =>
    figures.teams.no_data[measure] ? (
      <NoData measure={measure} />
    ) : (
      <Figure value={value} threshold={k} />
    );
  return (
    <>
      <div className={styles.kpis}>
        <Kpi label={t('dashboard:workspace.kpi.submission_rate')} link={`${base}/tasks`}>
          <Rate value={figures.tasks.submission_rate} count={figures.tasks.due} threshold={k} />
        </Kpi>
        <Kpi label={t('dashboard:workspace.kpi.review_rate')} link={`${base}/tasks`}>
          <Rate value={figures.tasks.review_rate} count={figures.tasks.submitted} threshold={k} />
        </Kpi>
        <Kpi label={t('dashboard:workspace.kpi.overdue')} link={`${base}/tasks?status=open`}>
          <Figure value={overdueSum} threshold={k} />
        </Kpi>
        <Kpi label={t('dashboard:workspace.kpi.okr_progress')} link={`${base}/objectives`}>
          {figures.okrs.mean_progress === null ? '–' : `${figures.okrs.mean_progress}%`}
        </Kpi>
        <Kpi label={t('dashboard:workspace.kpi.active')} link={`${base}/people`}>
          <Figure value={latest?.active ?? null} threshold={k} />
        </Kpi>
      </div>
      <div className={styles.grid}>
        <Block id="fig-tasks" title={t('dashboard:workspace.tasks_chart')} link={`${base}/tasks`}>
          <TaskRatesChart figures={figures} />
        </Block>

        <Block
          id="fig-overdue"
          title={t('dashboard:workspace.overdue_title')}
          link={`${base}/tasks?status=open`}
        >
          <Text>
            {t('dashboard:workspace.people_with')}:{' '}
            <Figure value={figures.overdue.people_with} threshold={k} /> ·{' '}
            {t('dashboard:workspace.people_without')}:{' '}
            <Figure value={figures.overdue.people_without} threshold={k} />
          </Text>
          <FigureTable
            label={t('dashboard:workspace.by_team')}
            rows={figures.overdue.by_team}
            rowKey={(team) => team.team_id ?? 'none'}
            columns={[
              {
                label: t('dashboard:workspace.team_name'),
                render: (team) =>
                  team.team_id ? (
                    <RouterLink to={`${base}/teams`}>{team.name}</RouterLink>
                  ) : (
                    t('dashboard:workspace.no_team')
                  ),
              },
              { label: t('dashboard:workspace.team_size'), render: (team) => team.people },
              {
                label: t('dashboard:workspace.overdue_units'),
                render: (team) => <Figure value={team.overdue} threshold={k} />,
              },
            ]}
          />
        </Block>

        <Block
          id="fig-okrs"
          title={t('dashboard:workspace.okrs_title')}
          description={t('dashboard:workspace.okr_objectives', { count: figures.okrs.objectives })}
          link={`${base}/objectives`}
        >
          {figures.okrs.objectives === 0 ? (
            <Text className={styles.muted}>{t('dashboard:workspace.okrs_empty')}</Text>
          ) : (
            <SmallBarChart
              data={okrChartData(figures, (status) => t(`dashboard:okr_status.${status}`))}
              dataKey="objectives"
              name={t('dashboard:workspace.series.objectives')}
              label={t('dashboard:workspace.okrs_title')}
              testId="okrs-chart"
            />
          )}
        </Block>

        <Block
          id="fig-assessments"
          title={t('dashboard:workspace.assessments_title')}
          link={`${base}/assessments`}
        >
          {figures.assessments.length === 0 ? (
            <Text className={styles.muted}>{t('dashboard:workspace.assessments_empty')}</Text>
          ) : (
            <FigureTable
              label={t('dashboard:workspace.assessments_title')}
              rows={figures.assessments}
              rowKey={(a) => a.id}
              columns={[
                {
                  label: t('dashboard:workspace.assessment'),
                  render: (a) => (
                    <RouterLink to={`${base}/assessments/${a.id}/report`}>{a.name}</RouterLink>
                  ),
                },
                {
                  label: t('dashboard:workspace.raters'),
                  render: (a) => <Figure value={a.raters} threshold={k} />,
                },
                {
                  label: t('dashboard:workspace.answered'),
                  render: (a) => <Figure value={a.answered} threshold={k} />,
                },
                {
                  label: t('dashboard:workspace.completion'),
                  render: (a) => <Figure value={a.completion} suffix="%" threshold={k} />,
                },
              ]}
            />
          )}
        </Block>

        <Block
          id="fig-teams"
          title={t('dashboard:workspace.teams_title')}
          description={t('dashboard:workspace.teams_summary', {
            teams: figures.teams.teams,
            inTeams: figures.teams.people_in_teams,
            without: figures.teams.people_without_team,
          })}
          link={`${base}/teams`}
        >
          <Text>
            {t('dashboard:workspace.formation')}:{' '}
            {figures.teams.formation
              ? `${t(`dashboard:workspace.formation_status.${figures.teams.formation.status}`)} · ${formatDate(figures.teams.formation.created_at)}`
              : t('dashboard:workspace.formation_none')}
          </Text>
          {figures.teams.balance && (
            <ul className={styles.muted} style={{ margin: 0, paddingLeft: '1.2em' }}>
              {BALANCE_MEASURES.map((shown) => (
                <li key={shown.key}>
                  {t(`dashboard:workspace.balance.${shown.key}`)}: {balanceText(figures, shown, t)}
                </li>
              ))}
              <li>{t('dashboard:workspace.balance.help')}</li>
            </ul>
          )}
          {figures.teams.by_team.length > 0 && (
            <FigureTable
              label={t('dashboard:workspace.teams_title')}
              rows={figures.teams.by_team}
              rowKey={(team) => team.id}
              columns={[
                { label: t('dashboard:workspace.team_name'), render: (team) => team.name },
                { label: t('dashboard:workspace.team_size'), render: (team) => team.size },
                {
                  label: t('dashboard:workspace.skills_coverage'),
                  render: (team) => measured('skills', team.skills_coverage),
                },
                {
                  label: t('dashboard:workspace.common_hours'),
                  render: (team) => measured('availability', team.common_hours),
                },
                {
                  label: t('dashboard:workspace.personality_gap'),
                  render: (team) => measured('personality', team.personality_gap),
                },
              ]}
            />
          )}
        </Block>

        <Block
          id="fig-activity"
          title={t('dashboard:workspace.activity_title')}
          description={t('dashboard:workspace.activity_help')}
          link={`${base}/people`}
        >
          <SmallBarChart
            data={activityChartData(figures, shortWeek)}
            dataKey="active"
            name={t('dashboard:workspace.series.active')}
            label={t('dashboard:workspace.activity_title')}
            testId="activity-chart"
          />
        </Block>
      </div>
    </>
  );
}

function Loading() {
  const styles = useStyles();
  const { t } = useTranslation();
  return (
    <div className={styles.kpis} aria-busy="true">
      {[0, 1, 2, 3, 4].map((i) => (
        <Card key={i} className={styles.kpi} size="small">
          <Skeleton aria-label={t('dashboard:loading')}>
            <SkeletonItem size={16} style={{ width: '70%' }} />
            <SkeletonItem size={40} style={{ marginTop: 8, width: '40%' }} />
          </Skeleton>
        </Card>
      ))}
    </div>
  );
}

/**
 * The workspace's figures (spec 2.6, issue 34) for its owners and admins: filters by team and
 * period in the address, KPI cards, charts, the tables behind them with links to their lists,
 * and the CSV of the same figures. Hidden figures say why.
 */
export default function WorkspaceFigures({ workspaceId }: { workspaceId: number }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const period = (DASHBOARD_PERIODS as readonly string[]).includes(params.get('period') ?? '')
    ? (params.get('period') as DashboardPeriod)
    : '12w';
  const teamParam = Number(params.get('team'));
  const teamId = Number.isInteger(teamParam) && teamParam > 0 ? teamParam : undefined;
  const query = { period, ...(teamId ? { team_id: teamId } : {}) };
  const figures = useQuery({
    queryKey: dashboardKeys.workspace(workspaceId, query),
    queryFn: () => dashboardApi.workspace(workspaceId, query),
    placeholderData: keepPreviousData,
  });
  const teams = figures.data?.team_choices ?? [];
  const [exporting, setExporting] = useState(false);
  const [exportFailed, setExportFailed] = useState(false);
  const set = (key: string, value: string | undefined) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );
  const download = async () => {
    setExporting(true);
    setExportFailed(false);
    try {
      const file = await dashboardApi.workspaceCsv(workspaceId, query);
      saveFile(file.blob, file.filename ?? `dashboard-${workspaceId}.csv`);
    } catch {
      setExportFailed(true);
    } finally {
      setExporting(false);
    }
  };
  return (
    <section
      className={styles.root}
      aria-labelledby="workspace-figures-title"
      data-testid="workspace-figures"
    >
      <div className={styles.head}>
        <Text as="h2" id="workspace-figures-title" size={600} weight="semibold">
          {t('dashboard:workspace.title')}
        </Text>
        <Text className={styles.muted}>{t('dashboard:workspace.intro')}</Text>
      </div>
      <div className={styles.filters}>
        <Field label={t('dashboard:workspace.team')}>
          <Select
            value={teamId ? String(teamId) : ''}
            onChange={(_, data) => set('team', data.value || undefined)}
          >
            <option value="">{t('dashboard:workspace.all_teams')}</option>
            {teams.map((team) => (
              <option key={team.id} value={team.id}>
                {team.name}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t('dashboard:workspace.period')}>
          <Select value={period} onChange={(_, data) => set('period', data.value)}>
            {DASHBOARD_PERIODS.map((p) => (
              <option key={p} value={p}>
                {t(`dashboard:workspace.periods.${p}`)}
              </option>
            ))}
          </Select>
        </Field>
        <Button
          className={styles.exportButton}
          icon={<ArrowDownloadRegular />}
          onClick={() => void download()}
          disabled={exporting || !figures.data}
        >
          {exporting ? t('dashboard:workspace.exporting') : t('dashboard:workspace.export')}
        </Button>
      </div>
      {exportFailed && (
        <MessageBar intent="error">
          <MessageBarBody>{t('dashboard:workspace.export_failed')}</MessageBarBody>
        </MessageBar>
      )}
      {figures.isPending ? (
        <Loading />
      ) : figures.isError ? (
        <MessageBar intent="error">
          <MessageBarBody>{t('dashboard:workspace.error')}</MessageBarBody>
          <Button size="small" onClick={() => void figures.refetch()}>
            {t('dashboard:mine.retry')}
          </Button>
        </MessageBar>
      ) : (
        <>
          <Text size={200} className={styles.muted}>
            {t('dashboard:workspace.people', { count: figures.data.people })} ·{' '}
            {t('dashboard:workspace.threshold', { count: figures.data.threshold })}
          </Text>
          {figures.data.suppressed ? (
            <MessageBar intent="info">
              <MessageBarBody>
                {t('dashboard:workspace.suppressed', { count: figures.data.threshold })}
              </MessageBarBody>
            </MessageBar>
          ) : (
            <Figures figures={figures.data} workspaceId={workspaceId} />
          )}
        </>
      )}
    </section>
  );
}
