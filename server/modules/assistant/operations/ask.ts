import type { TFunction } from 'i18next';
import type { AnswerItem, AssistantAnswer, AssistantIntent } from '@contracts/assistant';
import type { TeamMetrics } from '@contracts/team-formation';
import type { Actor } from '../../../core/actor';
import { workspaceAccessFor } from '../../../core/workspace-access';
import { AppError } from '../../../http/errors';
import { translator, type Language } from '../../../i18n';
import { listAssessments, overallReport, showReport } from '../../assessments';
import { candidatesForTeam, scoreCurrentTeams } from '../../team-formation';
import { isHandedIn, loadTask, openTaskList, submissionReport } from '../../tasks';
import { listTeams } from '../../workspace-teams';
import { bestMatch, matchIntent, type Intent } from '../intents';
import { intentFromModel, modelConfigured } from '../model';
import type { AssistantDeps } from './deps';

type Body = Pick<AssistantAnswer, 'text' | 'items' | 'link' | 'refused'>;
interface Asked {
  deps: AssistantDeps;
  actor: Actor;
  workspaceId: number;
  t: TFunction;
  language: Language;
}

const WEEK_MS = 7 * 86_400_000;
const base = (workspaceId: number) => `/workspaces/${workspaceId}`;

/** A refusal from an operation (403): the asker may not see it, and is told so in words. */
const isRefusal = (error: unknown) => error instanceof AppError && error.statusCode === 403;

function refusal(text: string): Body {
  return { text, items: [], link: null, refused: true };
}

function dateOf(iso: string, language: Language) {
  return new Intl.DateTimeFormat(language === 'vi' ? 'vi-VN' : 'en-GB', {
    dateStyle: 'medium',
    timeZone: 'UTC',
  }).format(new Date(iso));
}

const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

/** The tasks of the workspace the asker sees in its task list, open ones first. */
async function visibleTasks({ deps, actor, workspaceId }: Asked) {
  const lists = await Promise.all(
    (['open', 'closed'] as const).map(async (status) => {
      const list = await openTaskList(deps, actor, {
        workspaceId,
        query: { status, sort: 'expired_at', direction: 'asc', page: 1, per_page: 100 },
      });
      return (await list.read()).page.tasks;
    }),
  );
  return lists.flat();
}

async function notSubmitted(asked: Asked, subject: string): Promise<Body> {
  const { t, deps, actor, workspaceId } = asked;
  if (!subject)
    return { text: t('assistant:answers.which_task'), items: [], link: null, refused: false };
  const task = bestMatch(subject, await visibleTasks(asked), (x) => x.name);
  if (!task) {
    return {
      text: t('assistant:answers.no_task', { query: subject }),
      items: [],
      link: null,
      refused: false,
    };
  }
  let report;
  try {
    report = await submissionReport(deps.db, await loadTask(deps.db, actor, task.id, 'task'));
  } catch (error) {
    if (isRefusal(error))
      return refusal(t('assistant:answers.not_submitted_refused', { task: task.name }));
    throw error;
  }
  const missing = report.people.filter((row) => !isHandedIn(row.status));
  const items: AnswerItem[] = missing.map((row) => ({
    label: row.user.name,
    detail: [row.team?.name, t(`assistant:work_status.${row.status}`)].filter(Boolean).join(' · '),
    href: null,
  }));
  return {
    text:
      missing.length === 0
        ? t('assistant:answers.all_submitted', { task: task.name, total: report.people.length })
        : t('assistant:answers.not_submitted', {
            task: task.name,
            count: missing.length,
            total: report.people.length,
          }),
    items,
    link: {
      label: t('assistant:links.task_report', { task: task.name }),
      href: `${base(workspaceId)}/tasks/${task.id}/report`,
    },
    refused: false,
  };
}

async function dueThisWeek(asked: Asked): Promise<Body> {
  const { t, language, workspaceId } = asked;
  const now = Date.now();
  const tasks = (await visibleTasks(asked)).filter(
    (task) =>
      task.status === 'open' &&
      task.expired_at !== null &&
      // Overdue open tasks first (the list is by due date), then the next seven days.
      new Date(task.expired_at).getTime() <= now + WEEK_MS,
  );
  return {
    text:
      tasks.length === 0
        ? t('assistant:answers.nothing_due')
        : t('assistant:answers.due', { count: tasks.length }),
    items: tasks.map((task) => ({
      label: task.name,
      detail: [
        t(task.is_overdue ? 'assistant:answers.overdue_since' : 'assistant:answers.due_on', {
          date: dateOf(task.expired_at!, language),
        }),
        task.my_status ? t(`assistant:work_status.${task.my_status}`) : null,
      ]
        .filter(Boolean)
        .join(' · '),
      href: `${base(workspaceId)}/tasks/${task.id}/info`,
    })),
    link: { label: t('assistant:links.tasks'), href: `${base(workspaceId)}/tasks` },
    refused: false,
  };
}

/** One team's measures in words; null measures (hidden, or no data) are left out. */
function teamDetail(t: TFunction, metrics: TeamMetrics) {
  const parts = [t('assistant:measures.size', { count: metrics.size })];
  if (metrics.mean_z) {
    const z = Object.values(metrics.mean_z);
    const off = Math.sqrt(z.reduce((sum, v) => sum + v * v, 0) / z.length);
    parts.push(t('assistant:measures.personality', { value: round(off) }));
  }
  if (metrics.common_slots !== null) {
    parts.push(t('assistant:measures.hours', { count: metrics.common_slots }));
  }
  if (metrics.skills_coverage !== null) {
    parts.push(
      t('assistant:measures.skills', { value: Math.round(metrics.skills_coverage * 100) }),
    );
  }
  return parts.join(' · ');
}

async function teamBalance(asked: Asked): Promise<Body> {
  const { t, deps, actor, workspaceId } = asked;
  let scored;
  try {
    scored = await scoreCurrentTeams(deps, actor, { workspaceId });
  } catch (error) {
    if (isRefusal(error)) return refusal(t('assistant:answers.teams_refused'));
    throw error;
  }
  const link = { label: t('assistant:links.teams'), href: `${base(workspaceId)}/teams` };
  if (!scored.metrics)
    return { text: t('assistant:answers.no_teams'), items: [], link, refused: false };
  const m = scored.metrics;
  const sentences = [t('assistant:answers.teams', { count: scored.teams.length })];
  if (m.rho !== null) {
    sentences.push(
      t(
        m.rho <= 0.3
          ? 'assistant:answers.rho_good'
          : m.rho <= 0.7
            ? 'assistant:answers.rho_fair'
            : 'assistant:answers.rho_poor',
        {
          value: round(m.rho),
        },
      ),
    );
  }
  if (m.availability_mean !== null) {
    sentences.push(
      t('assistant:answers.availability', { value: Math.round(m.availability_mean * 100) }),
    );
  }
  if (m.skills_mean !== null) {
    sentences.push(t('assistant:answers.skills', { value: Math.round(m.skills_mean * 100) }));
  }
  if (m.rho === null && m.availability_mean === null && m.skills_mean === null) {
    sentences.push(t('assistant:answers.no_measures'));
  }
  return {
    text: sentences.join(' '),
    items: scored.teams.map((team) => ({
      label: team.name,
      detail: teamDetail(t, team.metrics),
      href: `${base(workspaceId)}/teams`,
    })),
    link,
    refused: false,
  };
}

async function teamCandidates(asked: Asked, subject: string): Promise<Body> {
  const { t, deps, actor, workspaceId } = asked;
  if (!subject)
    return { text: t('assistant:answers.which_team'), items: [], link: null, refused: false };
  const { teams } = await listTeams(deps, actor, workspaceId);
  const team = bestMatch(subject, teams, (x) => x.name);
  if (!team) {
    return {
      text: t('assistant:answers.no_team', { query: subject }),
      items: [],
      link: null,
      refused: false,
    };
  }
  let found;
  try {
    found = await candidatesForTeam(deps, actor, { workspaceId, teamId: team.id });
  } catch (error) {
    if (isRefusal(error)) return refusal(t('assistant:answers.teams_refused'));
    throw error;
  }
  const link = { label: t('assistant:links.teams'), href: `${base(workspaceId)}/teams` };
  if (found.candidates.length === 0) {
    return {
      text: t('assistant:answers.no_candidates', { team: team.name }),
      items: [],
      link,
      refused: false,
    };
  }
  return {
    text: t('assistant:answers.candidates', { team: team.name, count: found.candidates.length }),
    items: found.candidates.map((c) => ({
      label: c.person.name,
      detail: [
        c.from_team
          ? t('assistant:answers.now_in', { team: c.from_team.name })
          : t('assistant:answers.no_team_yet'),
        t('assistant:answers.after', { detail: teamDetail(t, c.after) }),
      ].join(' · '),
      href: `${base(workspaceId)}/people`,
    })),
    link,
    refused: false,
  };
}

async function assessmentSummary(asked: Asked, subject: string): Promise<Body> {
  const { t, deps, actor, workspaceId } = asked;
  const lists = await Promise.all(
    (['open', 'closed'] as const).map((status) =>
      listAssessments(deps, actor, { workspaceId, status }),
    ),
  );
  const all = lists.flatMap((l) => l.assessments);
  const assessment = subject ? bestMatch(subject, all, (a) => a.name) : (all[0] ?? null);
  if (!assessment) {
    return {
      text: subject
        ? t('assistant:answers.no_assessment', { query: subject })
        : t('assistant:answers.no_assessments'),
      items: [],
      link: null,
      refused: false,
    };
  }
  const link = {
    label: t('assistant:links.assessment_report', { name: assessment.name }),
    href: `${base(workspaceId)}/assessments/${assessment.id}/report`,
  };
  const rated = (mean: number | null) =>
    mean === null ? t('assistant:answers.hidden') : String(round(mean));
  try {
    // Those who run it read the whole report (the anonymity module already applied).
    const overall = await overallReport(deps, actor, assessment.id);
    const sentences = [
      t('assistant:answers.assessment', {
        name: assessment.name,
        submitted: overall.percentage.submitted,
        total: overall.percentage.total,
        percentage: overall.percentage.percentage,
        threshold: overall.threshold,
      }),
    ];
    if (overall.waiting > 0)
      sentences.push(t('assistant:answers.waiting', { count: overall.waiting }));
    const ratings = overall.questions.filter((q) => q.kind === 'rating');
    return {
      text: sentences.join(' '),
      items: ratings.map((q) => ({
        label: q.title,
        detail: t('assistant:answers.question_mean', { value: rated(q.others_mean) }),
        href: null,
      })),
      link,
      refused: false,
    };
  } catch (error) {
    if (!isRefusal(error)) throw error;
  }
  try {
    // Everyone else: their own results, once released, as their report shows them.
    const own = await showReport(deps, actor, { id: assessment.id });
    return {
      text: t('assistant:answers.own_report', { name: assessment.name, threshold: own.threshold }),
      items: own.report.questions
        .filter((q) => q.kind === 'rating')
        .map((q) => ({
          label: q.title,
          detail: t('assistant:answers.self_others', {
            self: q.self === null ? t('assistant:answers.hidden') : round(q.self),
            others: rated(q.others_mean),
          }),
          href: null,
        })),
      link,
      refused: false,
    };
  } catch (error) {
    if (isRefusal(error) || (error instanceof AppError && error.statusCode === 404)) {
      return refusal(t('assistant:answers.assessment_refused', { name: assessment.name }));
    }
    throw error;
  }
}

function help(t: TFunction): Body {
  return {
    text: t('assistant:answers.help'),
    items: (
      [
        'not_submitted',
        'due_this_week',
        'team_balance',
        'team_candidates',
        'assessment_summary',
      ] as const
    ).map((intent) => ({ label: t(`assistant:examples.${intent}`), detail: null, href: null })),
    link: null,
    refused: false,
  };
}

function answerFor(asked: Asked, intent: Intent): Promise<Body> {
  switch (intent.intent) {
    case 'not_submitted':
      return notSubmitted(asked, intent.subject);
    case 'due_this_week':
      return dueThisWeek(asked);
    case 'team_balance':
      return teamBalance(asked);
    case 'team_candidates':
      return teamCandidates(asked, intent.subject);
    case 'assessment_summary':
      return assessmentSummary(asked, intent.subject);
    default:
      return Promise.resolve(help(asked.t));
  }
}

/**
 * The team assistant (issue 34): a question in plain words, answered from the workspace's own
 * data by the same operations the screens call, with the asker as the actor (channel
 * 'assistant'), so it shows nothing the asker may not see. The configured model, when there is
 * one, only picks the intent and its names (tool calling); past its time limit, or failing,
 * the rules pick.
 */
export async function ask(
  deps: AssistantDeps,
  actor: Actor,
  input: { workspaceId: number; question: string; language: Language },
): Promise<AssistantAnswer> {
  const access = await workspaceAccessFor(deps.db, actor, input.workspaceId, 'view_workspace');
  const t = translator(input.language);
  const asked: Asked = { deps, actor, workspaceId: input.workspaceId, t, language: input.language };
  const fromModel = await intentFromModel(deps.config, input.question, {
    language: input.language,
    workspaceName: access.workspace.name,
  });
  const intent = fromModel ?? matchIntent(input.question);
  const body = await answerFor(asked, intent);
  return {
    intent: intent.intent as AssistantIntent,
    source: fromModel ? 'model' : 'rules',
    model_configured: modelConfigured(deps.config),
    ...body,
  };
}
