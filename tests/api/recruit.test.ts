import { randomBytes } from 'node:crypto';
import { Document, Packer, Paragraph } from 'docx';
import { eq } from 'drizzle-orm';
import PDFDocument from 'pdfkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recruitCandidates, skills, workspaceMembers } from '@server/db/schema';
import { createWorkspace } from '../support/factories';
import { bearer, createTestApp, type TestApp } from '../support/test-app';
import { multipart, type Part } from './tasks-support';

/**
 * Recruiting (issue 32, spec 7.7): jobs from a description, candidates from real PDF and DOCX
 * CVs made here, weighted screening with evidence, merging by e-mail, the public apply page,
 * pipeline, scorecards, talent pool, and who may call what.
 */
let t: TestApp;
type Person = Awaited<ReturnType<TestApp['createUser']>>;
let owner: Person;
let admin: Person;
let member: Person;
let member2: Person;
let viewer: Person;
let outsider: Person;
let workspaceId: number;
let courseWorkspaceId: number;
const skillIds: Record<string, number> = {};

/** A real PDF, one paragraph per line (pdfkit). */
function pdfOf(lines: string[]): Promise<Buffer> {
  return new Promise((resolve) => {
    const doc = new PDFDocument();
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    for (const line of lines) doc.text(line);
    doc.end();
  });
}

/** A real Word document, one paragraph per line (docx). */
function docxOf(lines: string[]): Promise<Buffer> {
  const doc = new Document({
    sections: [{ children: lines.map((line) => new Paragraph(line)) }],
  });
  return Packer.toBuffer(doc);
}

const JD = [
  'Senior Full-Stack Engineer',
  'We are hiring an engineer for our web app.',
  'Required: TypeScript and React.',
  'You must know PostgreSQL.',
  'Docker is a plus.',
  'Nice to have: Python.',
];
const ALICE = [
  'Alice Nguyen',
  'alice@example.com | +84 901 234 567',
  'Skills: TypeScript, React, PostgreSQL, Docker',
  'Experience',
  '2019 - 2024 Software engineer at Acme',
  'Education',
  'BSc, Hanoi University',
];
const BOB = [
  'Bob Tran',
  'bob@example.com',
  'Skills: TypeScript, React, PostgreSQL',
  '2020 - 2023 Developer at Beta',
];
const CAROL = [
  'Carol Le',
  'carol@example.com',
  'Phone: 0912 345 678',
  'Skills: TypeScript, React, Python, Docker',
  '2018 - present Data engineer at Gamma',
];

const file = (name: string, filename: string, content: Buffer): Part => ({
  name,
  filename,
  type: 'application/octet-stream',
  content,
});
const field = (name: string, value: string): Part => ({ name, value });

function api(token: string | null, lang = 'en') {
  const headers = { ...(token ? bearer(token) : {}), 'accept-language': lang };
  const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api/v2/recruit${url}`, headers, payload });
  return {
    get: (url: string) => send('GET', url),
    post: (url: string, payload?: object) => send('POST', url, payload),
    put: (url: string, payload?: object) => send('PUT', url, payload),
    delete: (url: string) => send('DELETE', url),
    upload: (url: string, parts: Part[], remoteAddress?: string) => {
      const body = multipart(parts);
      return t.app.inject({
        method: 'POST',
        url: `/api/v2/recruit${url}`,
        headers: { ...headers, ...body.headers },
        payload: body.payload,
        ...(remoteAddress && { remoteAddress }),
      });
    },
  };
}

/** An address no other test shares (the apply form is limited per address). */
const address = () => `203.0.113.${randomBytes(1)[0] % 250}`;
let addressCounter = 0;
const freshAddress = () =>
  `198.18.${Math.floor(addressCounter / 250)}.${(addressCounter++ % 250) + 1}`;

async function createJob(lines: string[], as = owner) {
  const response = await api(as.token).upload(`/workspaces/${workspaceId}/jobs/upload-jd`, [
    file('file', 'job.pdf', await pdfOf(lines)),
  ]);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().resource.job as {
    id: number;
    title: string;
    description: string;
    status: string;
    closed_at: string | null;
    skills: { skill_id: number; name: string; weight: number; required: boolean }[];
    knockout_questions: { id: string; question: string; required_answer: boolean }[];
    scorecard_criteria: string[];
    stages: { key: string; name: string | null; count: number }[];
    abilities: Record<string, boolean>;
  };
}

beforeAll(async () => {
  t = await createTestApp();
  outsider = await t.createUser();
  const made = await createWorkspace(t, {
    members: { admin: 1, member: 2, viewer: 1 },
    values: { workspaceType: 'recruit', name: 'Acme hiring' },
  });
  workspaceId = made.workspace.id;
  owner = made.owner;
  [admin] = made.people.admin;
  [member, member2] = made.people.member;
  [viewer] = made.people.viewer;
  courseWorkspaceId = (await createWorkspace(t, { owner })).workspace.id;
  for (const row of await t.db.select({ id: skills.id, name: skills.name }).from(skills)) {
    skillIds[row.name] = row.id;
  }
});
afterAll(() => t.close());

describe('jobs and screening from real documents', () => {
  let job: Awaited<ReturnType<typeof createJob>>;
  const ids: Record<string, number> = {};

  it('reads a job description PDF into title, text and weighted skills', async () => {
    job = await createJob(JD);
    expect(job.title).toBe('Senior Full-Stack Engineer');
    expect(job.description).toContain('Nice to have: Python.');
    expect(job.status).toBe('open');
    expect(job.closed_at).toBeNull();
    const bySkill = Object.fromEntries(job.skills.map((s) => [s.name, [s.weight, s.required]]));
    expect(bySkill).toEqual({
      TypeScript: [80, true],
      React: [80, true],
      PostgreSQL: [80, true],
      Docker: [30, false],
      Python: [30, false],
    });
    expect(job.stages.map((s) => s.key)).toEqual([
      'applied',
      'screening',
      'interview',
      'offer',
      'hired',
      'rejected',
    ]);
    expect(job.scorecard_criteria).toEqual(['Skills', 'Experience', 'Communication', 'Motivation']);
    expect(job.abilities).toEqual({ manage: true, move: true, score: true });
  });

  it('takes pasted text too, and refuses nothing to read', async () => {
    const owners = api(owner.token);
    const pasted = await owners.upload(`/workspaces/${workspaceId}/jobs/upload-jd`, [
      field('text', 'Data analyst\nSQL and Excel required.'),
      field('title', 'Analyst'),
    ]);
    expect(pasted.statusCode, pasted.body).toBe(201);
    expect(pasted.json().resource.job.title).toBe('Analyst');
    const empty = await owners.upload(`/workspaces/${workspaceId}/jobs/upload-jd`, [
      field('title', 'Nothing'),
    ]);
    expect(empty.statusCode).toBe(422);
    const image = await owners.upload(`/workspaces/${workspaceId}/jobs/upload-jd`, [
      file('file', 'jd.png', Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex')),
    ]);
    expect(image.statusCode).toBe(415);
  });

  it('edits skills: weight and required, and removes them', async () => {
    const owners = api(owner.token);
    const set = await owners.put(`/jobs/${job.id}/skills/${skillIds.Python}`, {
      weight: 100,
      required: false,
    });
    expect(set.statusCode, set.body).toBe(200);
    const python = set
      .json()
      .resource.job.skills.find((s: { name: string }) => s.name === 'Python');
    expect(python).toMatchObject({ weight: 100, required: false });
    const added = await owners.put(`/jobs/${job.id}/skills/${skillIds.Rust}`, { weight: 10 });
    expect(added.json().resource.job.skills).toHaveLength(6);
    const removed = await owners.delete(`/jobs/${job.id}/skills/${skillIds.Rust}`);
    expect(removed.json().resource.job.skills).toHaveLength(5);
    expect((await owners.delete(`/jobs/${job.id}/skills/${skillIds.Rust}`)).statusCode).toBe(404);
    expect((await owners.put(`/jobs/${job.id}/skills/2000000000`, { weight: 5 })).statusCode).toBe(
      404,
    );
  });

  it('reads three CVs (PDF and DOCX) into people with skills, and ranks them', async () => {
    const response = await api(owner.token).upload(`/jobs/${job.id}/candidates-cv`, [
      file('files', 'alice.pdf', await pdfOf(ALICE)),
      file('files', 'bob.docx', await docxOf(BOB)),
      file('files', 'carol.docx', await docxOf(CAROL)),
      file('files', 'notes.txt', Buffer.from('just text')),
    ]);
    expect(response.statusCode, response.body).toBe(201);
    const result = response.json().resource;
    expect(result.failed).toEqual([
      { file: 'notes.txt', message: 'notes.txt is not a PDF or Word (DOCX) file.' },
    ]);
    expect(result.merged).toEqual([]);
    const people = Object.fromEntries(
      result.job_candidates.map(
        (jc: {
          id: number;
          stage: string;
          candidate: {
            name: string;
            email: string;
            phone: string | null;
            experience: string[];
            skills: { name: string }[];
          };
        }) => {
          ids[jc.candidate.name] = jc.id;
          return [
            jc.candidate.name,
            {
              email: jc.candidate.email,
              phone: jc.candidate.phone,
              stage: jc.stage,
              skills: jc.candidate.skills.map((s) => s.name).sort(),
              experience: jc.candidate.experience,
            },
          ];
        },
      ),
    );
    expect(people).toEqual({
      'Alice Nguyen': {
        email: 'alice@example.com',
        phone: '+84 901 234 567',
        stage: 'applied',
        skills: ['Docker', 'PostgreSQL', 'React', 'TypeScript'],
        experience: ['2019 - 2024 Software engineer at Acme'],
      },
      'Bob Tran': {
        email: 'bob@example.com',
        phone: null,
        stage: 'applied',
        skills: ['PostgreSQL', 'React', 'TypeScript'],
        experience: ['2020 - 2023 Developer at Beta'],
      },
      'Carol Le': {
        email: 'carol@example.com',
        phone: '0912 345 678',
        stage: 'applied',
        skills: ['Docker', 'Python', 'React', 'TypeScript'],
        experience: ['2018 - present Data engineer at Gamma'],
      },
    });

    // Weights 80+80+80 (required) + Docker 30 + Python 100 = 370. Carol has the most weight
    // (290) but lacks the required PostgreSQL, so she comes below the two who have it all.
    const screening = await api(member.token).get(`/jobs/${job.id}/candidates-screening`);
    expect(screening.statusCode, screening.body).toBe(200);
    const rows = screening.json().resource.rows as {
      candidate: { name: string };
      score: number;
      missing_required: { name: string }[];
      skills: {
        name: string;
        matched: boolean;
        evidence: { source: string; text: string } | null;
      }[];
    }[];
    expect(rows.map((r) => [r.candidate.name, r.score])).toEqual([
      ['Alice Nguyen', 73],
      ['Bob Tran', 65],
      ['Carol Le', 78],
    ]);
    expect(rows.map((r) => r.missing_required.map((s) => s.name))).toEqual([
      [],
      [],
      ['PostgreSQL'],
    ]);
    const aliceTs = rows[0].skills.find((s) => s.name === 'TypeScript');
    expect(aliceTs).toEqual(
      expect.objectContaining({
        matched: true,
        evidence: { source: 'cv', text: 'Skills: TypeScript, React, PostgreSQL, Docker' },
      }),
    );
    expect(rows[1].skills.find((s) => s.name === 'Docker')).toMatchObject({
      matched: false,
      evidence: null,
    });
  });

  it('merges a second CV of the same person (by e-mail) across jobs, keeping both files', async () => {
    const second = await createJob(['Backend Engineer', 'Required: PostgreSQL']);
    const response = await api(admin.token).upload(`/jobs/${second.id}/candidates-cv`, [
      file(
        'files',
        'alice-2025.docx',
        await docxOf([...ALICE.slice(0, 3), 'Kubernetes in production']),
      ),
    ]);
    expect(response.statusCode, response.body).toBe(201);
    const result = response.json().resource;
    expect(result.merged).toHaveLength(1);
    const [jc] = result.job_candidates;
    const [person] = await t.db
      .select()
      .from(recruitCandidates)
      .where(eq(recruitCandidates.email, 'alice@example.com'));
    expect(result.merged[0].candidate_id).toBe(person.id);
    expect(jc.candidate.id).toBe(person.id);
    expect(jc.candidate.skills.map((s: { name: string }) => s.name)).toContain('Kubernetes');

    const page = await api(owner.token).get(`/job-candidates/${jc.id}`);
    expect(page.statusCode, page.body).toBe(200);
    const detail = page.json().resource.job_candidate;
    expect(detail.files.map((f: { name: string }) => f.name).sort()).toEqual([
      'alice-2025.docx',
      'alice.pdf',
    ]);
    expect(detail.applications).toHaveLength(2);
    expect(detail.history.map((h: { kind: string }) => h.kind)).toEqual(['merged', 'added']);

    const pool = await api(owner.token).get(`/workspaces/${workspaceId}/talent-pool?q=alice`);
    expect(pool.json().resource.candidates.meta.total).toBe(1);
    expect(pool.json().resource.candidates.data[0].applications).toHaveLength(2);

    // The CV itself, for the hiring team only.
    const cv = detail.files.find((f: { name: string }) => f.name === 'alice.pdf');
    const download = await t.app.inject({ url: cv.download_url, headers: bearer(member.token) });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const refused = await t.app.inject({ url: cv.download_url, headers: bearer(outsider.token) });
    expect(refused.statusCode).toBe(404);
    const byViewer = await t.app.inject({ url: cv.download_url, headers: bearer(viewer.token) });
    expect(byViewer.statusCode).toBe(403);
  });

  it('moves candidates through the pipeline with notes and tags, and lists the board', async () => {
    const members = api(member.token);
    const moved = await members.put(`/job-candidates/${ids['Bob Tran']}`, {
      stage: 'interview',
      note: 'Strong on databases',
      tags: ['backend', 'senior'],
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const detail = moved.json().resource.job_candidate;
    expect(detail.stage).toBe('interview');
    expect(detail.note).toBe('Strong on databases');
    expect(detail.candidate.tags).toEqual(['backend', 'senior']);
    expect(detail.history.slice(0, 2)).toMatchObject([
      { kind: 'note', note: 'Strong on databases' },
      { kind: 'stage', from_stage: 'applied', to_stage: 'interview' },
    ]);

    const board = await members.get(`/jobs/${job.id}/candidates-cv?stage=interview`);
    expect(
      board
        .json()
        .resource.job_candidates.map((c: { candidate: { name: string } }) => c.candidate.name),
    ).toEqual(['Bob Tran']);

    const reason = await members.put(`/job-candidates/${ids['Bob Tran']}`, {
      rejection_reason: 'no',
    });
    expect(reason.statusCode).toBe(422);
    const rejected = await members.put(`/job-candidates/${ids['Carol Le']}`, {
      stage: 'rejected',
      rejection_reason: 'Needs PostgreSQL',
    });
    expect(rejected.json().resource.job_candidate.rejection_reason).toBe('Needs PostgreSQL');
    const screening = await members.get(`/jobs/${job.id}/candidates-screening`);
    expect(screening.json().resource.rows).toHaveLength(2);
    const all = await members.get(`/jobs/${job.id}/candidates-screening?include_rejected=true`);
    expect(all.json().resource.rows).toHaveLength(3);

    const pool = await api(owner.token).get(
      `/workspaces/${workspaceId}/talent-pool?tag=backend&skill_id=${skillIds.PostgreSQL}`,
    );
    expect(
      pool
        .json()
        .resource.candidates.data.map((e: { candidate: { name: string } }) => e.candidate.name),
    ).toEqual(['Bob Tran']);
    const none = await api(owner.token).get(
      `/workspaces/${workspaceId}/talent-pool?tag=backend&skill_id=${skillIds.Python}`,
    );
    expect(none.json().resource.candidates.meta.total).toBe(0);
  });

  it('renames stages, keeping their keys', async () => {
    const renamed = await api(owner.token).put(`/jobs/${job.id}/stages`, {
      stages: [{ key: 'screening', name: 'Phone screen' }],
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const stages = renamed.json().resource.job.stages;
    expect(stages[1]).toEqual({ key: 'screening', name: 'Phone screen', count: 0 });
    expect(stages[2]).toMatchObject({ key: 'interview', name: null, count: 1 });
    const back = await api(owner.token).put(`/jobs/${job.id}/stages`, {
      stages: [{ key: 'screening', name: null }],
    });
    expect(back.json().resource.job.stages[1].name).toBeNull();
  });

  it('keeps scorecards independent: others are shown only after one’s own', async () => {
    const id = ids['Bob Tran'];
    const first = await api(member.token).post(`/job-candidates/${id}/scorecard`, {
      ratings: [
        { criterion: 'Skills', rating: 5 },
        { criterion: 'Communication', rating: 4 },
      ],
      verdict: 'strong_yes',
      note: 'Great',
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().resource.job_candidate.scorecards).toMatchObject({
      others: [],
      submitted_count: 1,
    });

    const before = await api(member2.token).get(`/job-candidates/${id}`);
    expect(before.json().resource.job_candidate.scorecards).toEqual({
      mine: null,
      others: null,
      submitted_count: 1,
    });
    const own = await api(member2.token).post(`/job-candidates/${id}/scorecard`, {
      ratings: [{ criterion: 'Experience', rating: 3 }],
      verdict: 'yes',
    });
    const cards = own.json().resource.job_candidate.scorecards;
    expect(cards.mine.verdict).toBe('yes');
    expect(cards.others.map((c: { note: string }) => c.note)).toEqual(['Great']);

    const unknown = await api(member.token).post(`/job-candidates/${id}/scorecard`, {
      ratings: [{ criterion: 'Astrology', rating: 3 }],
      verdict: 'no',
    });
    expect(unknown.statusCode).toBe(422);
    const twice = await api(member.token).post(`/job-candidates/${id}/scorecard`, {
      ratings: [
        { criterion: 'Skills', rating: 3 },
        { criterion: 'Skills', rating: 4 },
      ],
      verdict: 'no',
    });
    expect(twice.statusCode).toBe(422);
  });

  it('ranks the workspace’s other people for a job (job talent pool)', async () => {
    const other = await createJob(['Python developer', 'Required: Python']);
    const pool = await api(owner.token).get(`/jobs/${other.id}/talent-pool`);
    expect(pool.statusCode, pool.body).toBe(200);
    const data = pool.json().resource.candidates.data as {
      candidate: { name: string };
      score: number;
    }[];
    expect(data[0]).toMatchObject({ candidate: { name: 'Carol Le' }, score: 100 });
    expect(data.slice(1).every((e) => e.score === 0)).toBe(true);
  });
});

describe('members from their profiles', () => {
  it('adds people the owner shares a workspace with; anyone else is not found', async () => {
    const job = await createJob(['Product designer', 'Figma required']);
    const colleague = await t.createUser({ firstName: 'Dana', lastName: 'Pham' });
    await t.db
      .insert(workspaceMembers)
      .values({ workspaceId: courseWorkspaceId, userId: colleague.user.id, role: 'member' });
    const owners = api(owner.token);
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/v2/core/user/skills',
      headers: bearer(colleague.token),
      payload: { skills: [{ skill_id: skillIds.Figma, level: 4 }] },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const added = await owners.post(`/jobs/${job.id}/candidates-from-profiles`, {
      user_ids: [colleague.user.id],
    });
    expect(added.statusCode, added.body).toBe(201);
    const [jc] = added.json().resource.job_candidates;
    expect(jc.candidate).toMatchObject({
      name: 'Dana Pham',
      source: 'profile',
      user_id: colleague.user.id,
    });
    expect(jc.score).toBe(100);

    // Without consent, nothing of personality or availability.
    const page = await owners.get(`/job-candidates/${jc.id}`);
    expect(page.json().resource.job_candidate.profile).toEqual({
      consent: false,
      soft_skills: null,
      availability: null,
    });

    const stranger = await owners.post(`/jobs/${job.id}/candidates-from-profiles`, {
      user_ids: [outsider.user.id],
    });
    expect(stranger.statusCode).toBe(404);
  });
});

describe('the public position page', () => {
  let job: Awaited<ReturnType<typeof createJob>>;
  let questionId: string;

  const apply = async (
    jobId: number,
    who: { name: string; email: string },
    answers: Record<string, boolean>,
    options: { from?: string; lang?: string; token?: string | null } = {},
  ) =>
    api(options.token ?? null, options.lang).upload(
      `/public/positions/${jobId}/apply`,
      [
        field('name', who.name),
        field('email', who.email),
        field('answers', JSON.stringify(answers)),
        file('cv', 'cv.pdf', await pdfOf([who.name, who.email, 'Skills: React'])),
      ],
      options.from ?? freshAddress(),
    );

  beforeAll(async () => {
    job = await createJob(['Frontend Engineer', 'Required: React']);
    const edited = await api(owner.token).put(`/jobs/${job.id}`, {
      knockout_questions: [{ question: 'Can you work in Hanoi?', required_answer: true }],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    questionId = edited.json().resource.job.knockout_questions[0].id;
  });

  it('shows the job without sign-in, and nothing of any candidate', async () => {
    await apply(
      job.id,
      { name: 'Eve Secret', email: 'eve.secret@example.com' },
      { [questionId]: true },
    );
    const page = await api(null).get(`/public/positions/${job.id}`);
    expect(page.statusCode, page.body).toBe(200);
    const { position } = page.json().resource;
    expect(position).toEqual({
      id: job.id,
      title: 'Frontend Engineer',
      description: expect.any(String),
      workspace_name: 'Acme hiring',
      open: true,
      closed_at: null,
      skills: [{ name: 'React', required: true }],
      knockout_questions: [{ id: questionId, question: 'Can you work in Hanoi?' }],
    });
    expect(page.body).not.toMatch(/eve|secret|required_answer/i);
    expect((await api(null).get('/public/positions/2000000000')).statusCode).toBe(404);
  });

  it('takes an application without sign-in, confirms by mail, files a wrong knockout answer as rejected', async () => {
    const ok = await apply(
      job.id,
      { name: 'Frank Vo', email: 'frank@example.com' },
      { [questionId]: true },
    );
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toEqual({
      resource: { applied: true },
      messages: ['Thank you! Your application was sent.'],
    });
    const mail = await t.smtp.waitFor('frank@example.com');
    expect(mail.subject).toBe('We received your application for Frontend Engineer');

    const wrong = await apply(
      job.id,
      { name: 'Gina Do', email: 'gina@example.com' },
      { [questionId]: false },
    );
    expect(wrong.statusCode).toBe(201);
    expect(wrong.body).toBe(ok.body);
    const board = await api(owner.token).get(`/jobs/${job.id}/candidates-cv`);
    const byName = Object.fromEntries(
      board
        .json()
        .resource.job_candidates.map((c: { candidate: { name: string; source: string } }) => [
          c.candidate.name,
          c,
        ]),
    );
    expect(byName['Frank Vo']).toMatchObject({ stage: 'applied', candidate: { source: 'public' } });
    expect(byName['Frank Vo'].candidate.skills.map((s: { name: string }) => s.name)).toEqual([
      'React',
    ]);
    expect(byName['Gina Do']).toMatchObject({
      stage: 'rejected',
      rejection_reason: 'Can you work in Hanoi?',
    });
    expect(byName['Gina Do'].knockout_answers[0]).toMatchObject({ answer: false, passed: false });

    const unanswered = await apply(job.id, { name: 'Hai', email: 'hai@example.com' }, {});
    expect(unanswered.statusCode).toBe(422);
  });

  it('refuses bad input: no CV, a wrong e-mail, a file that is not a CV, not multipart', async () => {
    const anonymous = api(null);
    const noCv = await anonymous.upload(
      `/public/positions/${job.id}/apply`,
      [
        field('name', 'X'),
        field('email', 'x@example.com'),
        field('answers', `{"${questionId}":true}`),
      ],
      freshAddress(),
    );
    expect(noCv.statusCode).toBe(422);
    const badEmail = await apply(
      job.id,
      { name: 'Y', email: 'not-an-email' },
      { [questionId]: true },
    );
    expect(badEmail.statusCode).toBe(422);
    expect(badEmail.json().errors).toHaveProperty('email');
    const badAnswers = await anonymous.upload(
      `/public/positions/${job.id}/apply`,
      [field('name', 'Z'), field('email', 'z@example.com'), field('answers', '{oops')],
      freshAddress(),
    );
    expect(badAnswers.statusCode).toBe(422);
    const image = await anonymous.upload(
      `/public/positions/${job.id}/apply`,
      [
        field('name', 'W'),
        field('email', 'w@example.com'),
        field('answers', `{"${questionId}":true}`),
        file('cv', 'me.png', Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex')),
      ],
      freshAddress(),
    );
    expect(image.statusCode).toBe(415);
    const json = await t.app.inject({
      method: 'POST',
      url: `/api/v2/recruit/public/positions/${job.id}/apply`,
      payload: { name: 'V' },
      remoteAddress: freshAddress(),
    });
    expect(json.statusCode).toBe(415);
  });

  it('is rate limited per address', async () => {
    const from = address();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const response = await apply(
        job.id,
        { name: `Rate ${i}`, email: `rate${i}@example.com` },
        { [questionId]: true },
        { from },
      );
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });

  it('a closed job refuses applications; reopening clears closed_at', async () => {
    const owners = api(owner.token);
    const closed = await owners.post(`/jobs/${job.id}/change-status`, { status: 'closed' });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().resource.job).toMatchObject({
      status: 'closed',
      closed_at: new Date().toISOString().slice(0, 10),
    });
    expect(closed.json().messages).toEqual(['Job closed.']);
    const page = await api(null).get(`/public/positions/${job.id}`);
    expect(page.json().resource.position.open).toBe(false);
    const closedJobs = await owners.get(`/workspaces/${workspaceId}/jobs?status=closed&q=frontend`);
    expect(closedJobs.json().resource.jobs).toMatchObject({
      data: [{ id: job.id }],
      meta: { total: 1 },
    });
    const openJobs = await owners.get(`/workspaces/${workspaceId}/jobs?status=open&q=frontend`);
    expect(openJobs.json().resource.jobs.meta.total).toBe(0);

    const refused = await apply(
      job.id,
      { name: 'Late Lan', email: 'late@example.com' },
      { [questionId]: true },
      { lang: 'vi' },
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json().messages).toEqual([
      'Vị trí tuyển dụng này đã đóng và không nhận thêm hồ sơ.',
    ]);

    const reopened = await owners.post(`/jobs/${job.id}/change-status`, { status: 'open' });
    expect(reopened.json().resource.job).toMatchObject({ status: 'open', closed_at: null });
    const accepted = await apply(
      job.id,
      { name: 'Late Lan', email: 'late@example.com' },
      { [questionId]: true },
    );
    expect(accepted.statusCode).toBe(201);
  });

  it('links a signed-in applicant’s profile only when they choose to share it', async () => {
    const applicant = await t.createUser({ firstName: 'Ivy' });
    const response = await api(applicant.token).upload(
      `/public/positions/${job.id}/apply`,
      [
        field('name', 'Ivy Ho'),
        field('email', 'ivy@example.com'),
        field('answers', JSON.stringify({ [questionId]: true })),
        field('share_profile', 'true'),
        file('cv', 'ivy.pdf', await pdfOf(['Ivy Ho', 'React developer'])),
      ],
      freshAddress(),
    );
    expect(response.statusCode, response.body).toBe(201);
    const board = await api(owner.token).get(`/jobs/${job.id}/candidates-cv`);
    const ivy = board
      .json()
      .resource.job_candidates.find(
        (c: { candidate: { name: string } }) => c.candidate.name === 'Ivy Ho',
      );
    expect(ivy.candidate.user_id).toBe(applicant.user.id);
    const page = await api(owner.token).get(`/job-candidates/${ivy.id}`);
    expect(page.json().resource.job_candidate.profile).toEqual({
      consent: true,
      soft_skills: [],
      availability: [],
    });

    // Their application is theirs to export; deleting the account unlinks it.
    const exported = await t.app.inject({
      url: '/api/v2/core/user/export-user-data',
      headers: bearer(applicant.token),
    });
    expect(exported.json().recruit.applications).toEqual([
      expect.objectContaining({
        email: 'ivy@example.com',
        profile_consent: true,
        jobs: [expect.objectContaining({ job: 'Frontend Engineer', stage: 'applied' })],
      }),
    ]);
    expect(exported.body).not.toMatch(/storage_key/);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/v2/core/user',
      headers: bearer(applicant.token),
      payload: { password: applicant.password },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const after = await api(owner.token).get(`/job-candidates/${ivy.id}`);
    expect(after.json().resource.job_candidate).toMatchObject({
      candidate: { name: 'Ivy Ho', user_id: null },
      profile: null,
    });
  });
});

describe('who may call what', () => {
  let jobId: number;
  let jobCandidateId: number;
  let fileUrl: string;

  beforeAll(async () => {
    const job = await createJob(['Access test job', 'Required: Go']);
    jobId = job.id;
    const cv = await api(owner.token).upload(`/jobs/${jobId}/candidates-cv`, [
      file('files', 'access.pdf', await pdfOf(['Access Person', 'access@example.com', 'Go'])),
    ]);
    jobCandidateId = cv.json().resource.job_candidates[0].id;
    const page = await api(owner.token).get(`/job-candidates/${jobCandidateId}`);
    fileUrl = page
      .json()
      .resource.job_candidate.files[0].download_url.replace('/api/v2/recruit', '');
  });

  const routes = () => {
    const criterion = { ratings: [{ criterion: 'Skills', rating: 3 }], verdict: 'yes' };
    return [
      { method: 'GET', url: `/workspaces/${workspaceId}/jobs`, write: false },
      { method: 'UPLOAD', url: `/workspaces/${workspaceId}/jobs/upload-jd`, write: true },
      { method: 'GET', url: `/workspaces/${workspaceId}/talent-pool`, write: false },
      { method: 'GET', url: `/jobs/${jobId}`, write: false },
      { method: 'PUT', url: `/jobs/${jobId}`, body: { title: 'Renamed' }, write: true },
      {
        method: 'POST',
        url: `/jobs/${jobId}/change-status`,
        body: { status: 'open' },
        write: true,
      },
      {
        method: 'PUT',
        url: `/jobs/${jobId}/skills/${skillIds.Go}`,
        body: { weight: 50 },
        write: true,
      },
      { method: 'DELETE', url: `/jobs/${jobId}/skills/${skillIds.Rust}`, write: true },
      {
        method: 'PUT',
        url: `/jobs/${jobId}/stages`,
        body: { stages: [{ key: 'offer', name: 'Offer' }] },
        write: true,
      },
      { method: 'GET', url: `/jobs/${jobId}/candidates-cv`, write: false },
      { method: 'UPLOAD', url: `/jobs/${jobId}/candidates-cv`, write: true },
      {
        method: 'POST',
        url: `/jobs/${jobId}/candidates-from-profiles`,
        body: { user_ids: [owner.user.id] },
        write: true,
      },
      { method: 'GET', url: `/jobs/${jobId}/candidates-screening`, write: false },
      { method: 'GET', url: `/jobs/${jobId}/talent-pool`, write: false },
      { method: 'GET', url: `/job-candidates/${jobCandidateId}`, write: false },
      {
        method: 'PUT',
        url: `/job-candidates/${jobCandidateId}`,
        body: { note: 'x' },
        write: false,
        interviewer: true,
      },
      {
        method: 'POST',
        url: `/job-candidates/${jobCandidateId}/scorecard`,
        body: criterion,
        write: false,
        interviewer: true,
      },
      { method: 'GET', url: fileUrl, write: false },
    ] as {
      method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'UPLOAD';
      url: string;
      body?: object;
      write: boolean;
      interviewer?: boolean;
    }[];
  };

  const call = async (token: string | null, route: ReturnType<typeof routes>[number]) => {
    const client = api(token);
    if (route.method === 'UPLOAD') {
      return client.upload(route.url, [
        file(route.url.includes('upload-jd') ? 'file' : 'files', 'x.pdf', await pdfOf(['Job X'])),
      ]);
    }
    const method = route.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete';
    return method === 'get' || method === 'delete'
      ? client[method](route.url)
      : client[method](route.url, route.body);
  };

  it('answers 401 signed out, 404 to outsiders, on every route', async () => {
    for (const route of routes()) {
      expect((await call(null, route)).statusCode, `${route.method} ${route.url}`).toBe(401);
      const response = await call(outsider.token, route);
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(404);
      expect(JSON.stringify(response.json())).not.toMatch(/access@example|Access Person/);
    }
  });

  it('refuses viewers everything, and members what only owners and admins do', async () => {
    for (const route of routes()) {
      const byViewer = await call(viewer.token, route);
      expect(byViewer.statusCode, `viewer ${route.method} ${route.url}`).toBe(403);
      const byMember = await call(member.token, route);
      expect(byMember.statusCode, `member ${route.method} ${route.url}`).toBe(
        route.write ? 403 : 200,
      );
    }
  });

  it('has no jobs in a workspace that is not a recruit workspace', async () => {
    const response = await api(owner.token).get(`/workspaces/${courseWorkspaceId}/jobs`);
    expect(response.statusCode).toBe(404);
    expect(response.json().messages).toEqual([
      'Jobs belong to recruit workspaces; this workspace is not one.',
    ]);
    const upload = await api(owner.token).upload(
      `/workspaces/${courseWorkspaceId}/jobs/upload-jd`,
      [field('text', 'A job')],
    );
    expect(upload.statusCode).toBe(404);
  });

  it('refuses bad input on every route (422, or 415 for a body that is not a form)', async () => {
    const owners = api(owner.token);
    const bad: [Promise<{ statusCode: number }>, number][] = [
      [owners.get(`/workspaces/${workspaceId}/jobs?status=pending`), 422],
      [owners.get(`/workspaces/abc/jobs`), 422],
      [owners.post(`/workspaces/${workspaceId}/jobs/upload-jd`, { text: 'x' }), 415],
      [owners.get(`/workspaces/${workspaceId}/talent-pool?per_page=1000`), 422],
      [owners.get(`/jobs/0`), 422],
      [owners.put(`/jobs/${jobId}`, { title: '' }), 422],
      [owners.put(`/jobs/${jobId}`, { knockout_questions: [{ question: 'Q' }] }), 422],
      [owners.post(`/jobs/${jobId}/change-status`, { status: 'paused' }), 422],
      [owners.put(`/jobs/${jobId}/skills/${skillIds.Go}`, { weight: 101 }), 422],
      [owners.put(`/jobs/${jobId}/skills/abc`, { weight: 1 }), 422],
      [owners.delete(`/jobs/${jobId}/skills/-1`), 422],
      [owners.put(`/jobs/${jobId}/stages`, { stages: [{ key: 'lunch', name: 'x' }] }), 422],
      [owners.get(`/jobs/${jobId}/candidates-cv?stage=done`), 422],
      [owners.post(`/jobs/${jobId}/candidates-cv`, { files: [] }), 415],
      [owners.post(`/jobs/${jobId}/candidates-from-profiles`, { user_ids: [] }), 422],
      [owners.get(`/jobs/${jobId}/candidates-screening?include_rejected=maybe`), 422],
      [owners.get(`/jobs/${jobId}/talent-pool?skill_id=x`), 422],
      [owners.get(`/job-candidates/x`), 422],
      [owners.put(`/job-candidates/${jobCandidateId}`, {}), 422],
      [owners.put(`/job-candidates/${jobCandidateId}`, { stage: 'lunch' }), 422],
      [
        owners.post(`/job-candidates/${jobCandidateId}/scorecard`, {
          ratings: [{ criterion: 'Skills', rating: 6 }],
          verdict: 'yes',
        }),
        422,
      ],
      [owners.get(`/candidate-files/x/download`), 422],
      [api(null).get(`/public/positions/x`), 422],
      [owners.upload(`/jobs/${jobId}/candidates-cv`, [field('x', 'y')]), 422],
      [
        owners.upload(`/jobs/${jobId}/candidates-cv`, [
          file('other', 'a.pdf', Buffer.from('%PDF-')),
        ]),
        400,
      ],
    ];
    for (const [index, [response, status]] of bad.entries()) {
      const { statusCode } = await response;
      expect(statusCode, `case ${index}`).toBe(status);
    }
  });

  it('answers 404 for ids that do not exist', async () => {
    const owners = api(owner.token);
    expect((await owners.get('/jobs/2000000000')).statusCode).toBe(404);
    expect((await owners.get('/job-candidates/2000000000')).statusCode).toBe(404);
    expect((await owners.get('/candidate-files/2000000000/download')).statusCode).toBe(404);
  });
});
