import { call, write, WRITE_KINDS, type Recorder, type WriteKind } from './client';
import { PASSWORD, type Person } from './world';

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A small hand-in: a PDF of a few kilobytes. */
function reportFile(person: Person, n: number) {
  const form = new FormData();
  const content = Buffer.concat([
    Buffer.from('%PDF-1.4\n'),
    Buffer.alloc(2048 + Math.floor(Math.random() * 6144), 'x'),
  ]);
  form.append('answer', `Week ${n} from ${person.email}`);
  form.append('files', new Blob([content], { type: 'application/pdf' }), `report-${n}.pdf`);
  return form;
}

interface ToAnswer {
  assessmentId: number;
  questionIds: number[];
  evaluableIds: number[];
}

/**
 * One simulated person's day, until `running()` is false: sign in; each round read the account,
 * the dashboard and "my work" plus one list (menu, chats, tasks, objectives, assessments), then
 * do one write (chat twice as often as the others: hand in a task with a file, check in on
 * their key result, answer an assessment for one person), and think (0.5–2 s unless told).
 */
export async function simulatePerson(
  recorder: Recorder,
  base: string,
  me: Person,
  running: () => boolean,
  acknowledgedChats: number[],
  /** How long a person thinks between rounds, in ms (tests think less). */
  think: readonly [number, number] = [500, 2_000],
) {
  await pause(Math.random() * think[1]);
  const { group } = me;
  const workspaceId = group.workspaceId;
  let token: string | undefined;
  let chatId: number | undefined;
  const handedIn = new Map<number, boolean>(me.taskIds.map((id) => [id, false]));
  let toAnswer: ToAnswer[] | undefined;
  let round = Math.floor(Math.random() * 10);

  const as = async (
    kind: Parameters<typeof call>[2],
    method: string,
    url: string,
    options: { json?: object; form?: FormData } = {},
  ) => {
    const isWrite = (WRITE_KINDS as readonly string[]).includes(kind);
    const answer = isWrite
      ? await write(recorder, base, kind as WriteKind, method, url, { ...options, token })
      : await call(recorder, base, kind, method, url, { ...options, token });
    if (answer.status === 401) token = undefined;
    return answer;
  };

  const chat = async () => {
    if (chatId === undefined) {
      const others = group.members.filter((m) => m.id !== me.id);
      if (others.length === 0) return;
      const other = others[me.index % others.length];
      const opened = await as('read_chats', 'POST', 'messaging/chats/user-chat', {
        json: { user_id: other.id },
      });
      chatId = opened.body?.resource?.chat?.id;
      if (chatId === undefined) return;
    }
    const sent = await as('chat_send', 'POST', 'messaging/messages', {
      json: { chat_id: chatId, text: `hello from ${me.index}, round ${round}` },
    });
    if (sent.status === 201) acknowledgedChats.push(sent.body.resource.message.id as number);
  };

  const handIn = async () => {
    const taskId = me.taskIds[round % me.taskIds.length];
    if (taskId === undefined) return chat();
    if (!handedIn.get(taskId)) {
      const submitted = await as('task_submit', 'POST', `core/tasks/${taskId}/submit`, {
        form: reportFile(me, round),
      });
      if (submitted.status === 200) handedIn.set(taskId, true);
      // Already submitted (an earlier hand-in whose answer was lost): resubmit instead.
      if (submitted.status !== 409) return;
      handedIn.set(taskId, true);
    }
    const resubmitted = await as('task_resubmit', 'POST', `core/tasks/${taskId}/resubmit`, {
      form: reportFile(me, round),
    });
    // Nothing to resubmit: it was never handed in after all.
    if (resubmitted.status === 409) handedIn.set(taskId, false);
  };

  const checkIn = async () => {
    if (me.keyResultId === undefined) return chat();
    await as('okr_check_in', 'POST', `core/key-results/${me.keyResultId}/answer`, {
      json: { value: Math.round(Math.random() * 1000), status: 'on trace' },
    });
  };

  const answerAssessment = async () => {
    if (toAnswer === undefined) {
      const found: ToAnswer[] = [];
      for (const assessmentId of group.assessmentIds) {
        const read = await as(
          'read_questions',
          'GET',
          `core/assessments/${assessmentId}/questions`,
        );
        if (read.status !== 200) return chat();
        const resource = read.body.resource as {
          questions: { id: number }[];
          evaluables: { id: number; status: string }[];
        };
        found.push({
          assessmentId,
          questionIds: resource.questions.map((q) => q.id),
          evaluableIds: resource.evaluables
            .filter((e) => e.status !== 'submitted')
            .map((e) => e.id),
        });
      }
      toAnswer = found;
    }
    const next = toAnswer.find((a) => a.evaluableIds.length > 0);
    if (!next) return chat();
    const [q1, q2, q3] = next.questionIds;
    const answered = await as(
      'assessment_answer',
      'POST',
      `core/assessments/${next.assessmentId}/questions`,
      {
        json: {
          evaluable_id: next.evaluableIds[0],
          answers: [
            { question_id: q1, rating: 1 + Math.floor(Math.random() * 5) },
            { question_id: q2, choice: ['Leader', 'Builder', 'Checker'][round % 3] },
            { question_id: q3, text: `Keeps going (${me.index})` },
          ],
          submit: true,
        },
      },
    );
    // Handed in, or handed in already (an earlier answer that was lost): next person.
    if (answered.status === 200 || answered.status === 409) next.evaluableIds.shift();
  };

  const lists = [
    () => as('read_menu', 'GET', 'core/menu'),
    () => as('read_chats', 'GET', 'messaging/chats'),
    () => as('read_tasks', 'GET', `core/workspaces/${workspaceId}/tasks`),
    () => as('read_objectives', 'GET', `core/workspaces/${workspaceId}/objectives`),
    () => as('read_assessments', 'GET', `core/workspaces/${workspaceId}/assessments`),
  ];
  const writes = [chat, handIn, chat, checkIn, answerAssessment];

  while (running()) {
    if (!token) {
      const login = await call(recorder, base, 'sign_in', 'POST', 'core/join/login', {
        json: { email: me.email, password: PASSWORD },
      });
      token = login.token;
      if (!token) {
        await pause(1_000);
        continue;
      }
    }
    await as('read_user', 'GET', 'core/user');
    await as('read_dashboard', 'GET', 'core/dashboard');
    await as('read_my_work', 'GET', `core/my-work?workspace_id=${workspaceId}`);
    await lists[round % lists.length]();
    if (token) await writes[round % writes.length]();
    round += 1;
    // A person thinks between actions.
    await pause(think[0] + Math.random() * (think[1] - think[0]));
  }
}
