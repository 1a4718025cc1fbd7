import {
  Badge,
  Button,
  Card,
  CardHeader,
  makeStyles,
  MenuItem,
  Switch,
  Text,
  Title2,
  tokens,
} from '@fluentui/react-components';
import { ArrowDownloadRegular, EditRegular } from '@fluentui/react-icons';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import type { PersonReport, QuestionReport } from '@contracts/assessments';
import { DropdownField } from '@/components/DropdownField';
import { Notice } from '@/components/Notice';
import { PlainTable } from '@/components/PlainTable';
import { RouterLink } from '@/components/RouterLink';
import { saveFile } from '@/lib/save-file';
import { assessmentsApi, type ExportKind } from '../api';
import { assessmentKeys } from '../keys';
import { AnswerFlowDialog } from '../components/AnswerFlow';
import { AssessmentFormDialog } from '../components/AssessmentForm';
import { BarsChart, RadarChart } from '../components/Charts';
import { RatersView } from '../components/RatersView';
import { useAssessmentMutation, useWorkspaceId } from '../hooks';
import { ShareButton } from '@/features/share';
import { Busy } from '@/components/Busy';
import { column, pageColumn } from '@/lib/styles';
import { ButtonMenu } from '@/components/ButtonMenu';
import { ChoiceTabs } from '@/components/ChoiceTabs';

const useStyles = makeStyles({
  root: { ...pageColumn },
  header: { ...column, gap: tokens.spacingVerticalS },
  title: { margin: 0, overflowWrap: 'anywhere' },
  bar: { display: 'flex', gap: tokens.spacingHorizontalM, flexWrap: 'wrap', alignItems: 'end' },
  charts: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(280px, 1fr))',
    gap: tokens.spacingHorizontalL,
  },
  card: { padding: tokens.spacingHorizontalM },
  // A long name wraps inside its cell instead of running over the next one.
  personButton: {
    justifyContent: 'flex-start',
    textAlign: 'start',
    minWidth: 0,
    maxWidth: '100%',
    paddingLeft: 0,
    whiteSpace: 'normal',
    overflowWrap: 'anywhere',
  },
  list: { margin: 0, paddingLeft: tokens.spacingHorizontalL },
  scroll: {
    overflowX: 'auto',
    ...column,
    gap: tokens.spacingVerticalM,
  },
});

/** The files a manager can download, in the order the Export menu offers them. */
const EXPORTS = [
  { kind: 'export-report', format: 'xlsx', label: 'assessments:report.export_report' },
  { kind: 'export-report', format: 'csv', label: 'assessments:report.export_report_csv' },
  { kind: 'export-question-report', format: 'xlsx', label: 'assessments:report.export_question' },
  { kind: 'export-detail-report', format: 'xlsx', label: 'assessments:report.export_detail' },
] as const;

function Insights({ report }: { report: PersonReport }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const block = (title: string, items: PersonReport['strengths']) => (
    <Card className={styles.card}>
      <CardHeader header={<Text weight="semibold">{title}</Text>} />
      {items.length === 0 ? (
        <Text>{t('assessments:report.none')}</Text>
      ) : (
        <ul className={styles.list}>
          {items.map((i) => (
            <li key={i.question_id}>
              {i.title} (±{i.gap})
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
  return (
    <div className={styles.charts}>
      {block(t('assessments:report.strengths'), report.strengths)}
      {block(t('assessments:report.blind_spots'), report.blind_spots)}
    </div>
  );
}

function QuestionTable({ questions }: { questions: QuestionReport[] }) {
  const { t } = useTranslation();
  const styles = useStyles();
  return (
    <div className={styles.scroll}>
      <PlainTable
        label={t('assessments:export.sheet_question')}
        items={questions}
        rowKey={(q) => q.question_id}
        columns={[
          { id: 'question', label: t('assessments:export.question'), render: (q) => q.title },
          { id: 'self', label: t('assessments:report.self'), render: (q) => q.self ?? '–' },
          {
            id: 'others',
            label: t('assessments:report.others'),
            render: (q) =>
              q.kind === 'rating'
                ? `${q.others_mean ?? '–'}${q.others_spread !== null ? ` (± ${q.others_spread})` : ''}`
                : q.kind === 'choice'
                  ? q.choices.map((c) => `${c.choice}: ${c.count}`).join(', ') || '–'
                  : `${t('assessments:report.comments')}: ${q.texts.length}`,
          },
          {
            id: 'group',
            label: t('assessments:export.group'),
            render: (q) =>
              q.groups
                .filter((g) => g.group !== 'self')
                .map(
                  (g) =>
                    `${t(`assessments:groups.${g.group}`)} · ${t('assessments:report.raters', { count: g.raters })}`,
                )
                .join('; ') || '–',
          },
        ]}
      />
      {questions
        .filter((q) => q.kind === 'text' && q.texts.length > 0)
        .map((q) => (
          <Card key={q.question_id} className={styles.card}>
            <CardHeader
              header={
                <Text weight="semibold">
                  {t('assessments:report.comments')}: {q.title}
                </Text>
              }
            />
            <ul className={styles.list}>
              {q.texts.map((text, i) => (
                <li key={i}>{text}</li>
              ))}
            </ul>
          </Card>
        ))}
    </div>
  );
}

function PersonView({ report }: { report: PersonReport }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const hasRatings = report.questions.some(
    (q) => q.kind === 'rating' && (q.self !== null || q.others_mean !== null),
  );
  return (
    <>
      {report.contribution !== null && (
        <Text>
          {t('assessments:report.contribution')}: <strong>{report.contribution}</strong>
        </Text>
      )}
      {hasRatings ? (
        <div className={styles.charts}>
          <RadarChart questions={report.questions} />
          <BarsChart questions={report.questions} />
        </div>
      ) : (
        <Text>{t('assessments:report.no_data')}</Text>
      )}
      <Insights report={report} />
      <QuestionTable questions={report.questions} />
    </>
  );
}

/**
 * An assessment's page (spec 2.6 assessments/:id/report): its report and, for owners and
 * admins, who assesses whom with each rater's progress. Owners and admins edit, pick a person
 * or everyone, release results, export and remind; members answer here too and see their own
 * results once released. Every figure is what the server's anonymity rule lets through.
 */
export default function AssessmentReportPage() {
  const { t } = useTranslation();
  const styles = useStyles();
  const workspaceId = useWorkspaceId();
  const id = Number(useParams().id);
  const [params, setParams] = useSearchParams();
  const [editing, setEditing] = useState(false);
  const [answering, setAnswering] = useState(false);
  const assessment = useQuery({
    queryKey: assessmentKeys.one(id),
    queryFn: () => assessmentsApi.get(id),
  });
  const manager = assessment.data?.permissions.view_report ?? false;
  const view = manager && params.get('view') === 'raters' ? 'raters' : 'report';
  const showView = (next: string) => {
    const updated = new URLSearchParams(params);
    if (next === 'raters') updated.set('view', 'raters');
    else updated.delete('view');
    setParams(updated, { replace: true });
  };
  const [person, setPerson] = useState<number | 'all'>('all');
  const overall = useQuery({
    queryKey: assessmentKeys.overall(id),
    queryFn: () => assessmentsApi.overall(id),
    enabled: manager,
  });
  const chosen = manager ? person : 'me';
  const personal = useQuery({
    queryKey: assessmentKeys.report(id, chosen === 'all' ? 0 : chosen),
    queryFn: () => assessmentsApi.report(id, typeof chosen === 'number' ? chosen : undefined),
    enabled: assessment.data !== undefined && chosen !== 'all',
    retry: false,
  });
  const release = useAssessmentMutation((released: boolean) =>
    assessmentsApi.release(id, released),
  );
  const download = async (kind: ExportKind, format: 'xlsx' | 'csv') => {
    const file = await assessmentsApi.export(id, kind, format);
    saveFile(file.blob, file.filename);
  };

  if (assessment.isError) {
    return <Notice intent="error">{t('assessments:report.load_failed')}</Notice>;
  }
  if (!assessment.data) return <Busy />;
  const a = assessment.data;
  const people = overall.data?.people ?? [];

  const reportView = (
    <>
      <Text size={200}>{t('assessments:report.threshold_note', { n: a.anonymity_threshold })}</Text>
      <div className={styles.bar}>
        <Badge appearance="tint" color={a.released ? 'success' : 'warning'}>
          {a.released ? t('assessments:report.released') : t('assessments:report.not_released')}
        </Badge>
        {manager && (
          <>
            <Switch
              checked={a.released}
              disabled={release.isPending}
              label={t('assessments:report.release')}
              onChange={(_, d) => release.mutate(d.checked)}
            />
            <ButtonMenu
              trigger={
                <Button icon={<ArrowDownloadRegular />}>{t('assessments:report.export')}</Button>
              }
            >
              {EXPORTS.map((file) => (
                <MenuItem key={file.label} onClick={() => void download(file.kind, file.format)}>
                  {t(file.label)}
                </MenuItem>
              ))}
            </ButtonMenu>
            <DropdownField
              label={t('assessments:report.person')}
              value={String(person)}
              choices={['all', ...people.map((p) => String(p.evaluatee.id))]}
              wordsOf={(choice) =>
                choice === 'all'
                  ? t('assessments:report.overall')
                  : (people.find((p) => String(p.evaluatee.id) === choice)?.evaluatee.name ?? '')
              }
              onChange={(choice) => setPerson(choice === 'all' ? 'all' : Number(choice))}
            />
          </>
        )}
      </div>
      {manager && person === 'all' ? (
        !overall.data ? (
          <Busy />
        ) : (
          <>
            <Text>
              {t('assessments:report.progress', overall.data.percentage)}
              {overall.data.waiting > 0 &&
                ` ${t('assessments:report.waiting', { count: overall.data.waiting })}`}
            </Text>
            <div className={styles.charts}>
              <RadarChart questions={overall.data.questions} />
              <BarsChart questions={overall.data.questions} />
            </div>
            <div className={styles.scroll}>
              <PlainTable
                label={t('assessments:report.overall')}
                items={people}
                rowKey={(p) => p.evaluatee.id}
                columns={[
                  {
                    id: 'person',
                    label: t('assessments:report.person'),
                    render: (p) => (
                      <Button
                        appearance="transparent"
                        className={styles.personButton}
                        onClick={() => setPerson(p.evaluatee.id)}
                      >
                        {p.evaluatee.name}
                      </Button>
                    ),
                  },
                  { id: 'self', label: t('assessments:report.self'), render: (p) => p.self ?? '–' },
                  {
                    id: 'others',
                    label: t('assessments:report.others'),
                    render: (p) => p.others_mean ?? '–',
                  },
                  {
                    id: 'contribution',
                    label: t('assessments:report.contribution'),
                    render: (p) => p.contribution ?? '–',
                  },
                ]}
              />
            </div>
            <QuestionTable questions={overall.data.questions} />
          </>
        )
      ) : personal.isError ? (
        <Notice intent="info">
          {a.released ? t('assessments:report.no_data') : t('assessments:report.not_released')}
        </Notice>
      ) : !personal.data ? (
        <Busy />
      ) : (
        <PersonView report={personal.data.report} />
      )}
    </>
  );

  return (
    <div className={styles.root}>
      <RouterLink to={`/workspaces/${workspaceId}/assessments`}>
        {t('assessments:report.back')}
      </RouterLink>
      <div className={styles.header}>
        <Title2 as="h1" className={styles.title}>
          {a.name}
        </Title2>
        <div className={styles.bar}>
          <Badge appearance="tint" color={a.status === 'open' ? 'brand' : 'informative'}>
            {t(`assessments:statuses.${a.status}`)}
          </Badge>
          <ShareButton
            record={{ workspace: Number(workspaceId), type: 'assessment', id: a.id }}
            name={a.name}
          />
          {a.permissions.answer && (
            <Button appearance="primary" onClick={() => setAnswering(true)}>
              {t('assessments:list.answer')}
            </Button>
          )}
          {a.permissions.manage && (
            <Button icon={<EditRegular />} onClick={() => setEditing(true)}>
              {t('assessments:list.edit')}
            </Button>
          )}
        </div>
      </div>
      {manager && (
        <ChoiceTabs
          value={view}
          choices={['report', 'raters']}
          wordsOf={(name) =>
            name === 'raters' ? t('assessments:page.raters') : t('assessments:page.report')
          }
          onChange={showView}
        />
      )}
      {editing && (
        <AssessmentFormDialog
          workspaceId={workspaceId}
          assessment={a}
          onClose={() => setEditing(false)}
        />
      )}
      {answering && <AnswerFlowDialog assessment={a} onClose={() => setAnswering(false)} />}
      {view === 'raters' ? <RatersView assessment={a} /> : reportView}
    </div>
  );
}
