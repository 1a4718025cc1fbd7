import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorkspace } from '../support/factories';
import { rowCounts } from '../support/row-counts';
import { bearer, createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Person = Awaited<ReturnType<TestApp['createUser']>>;

function call(
  person: Person | null,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method,
    url: `/api/v2/core${url}`,
    headers: { ...(person ? bearer(person.token) : {}), ...headers },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

/** A multipart body with one file part. */
function multipart(field: string, name: string, type: string, content: Buffer) {
  const boundary = '----teamloop-test-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** Answers for items from..to (inclusive), all the same value. */
function answers(from: number, to: number, value: number) {
  const result: Record<string, number> = {};
  for (let order = from; order <= to; order++) result[String(order)] = value;
  return result;
}

async function expectNothingWritten(action: () => Promise<{ statusCode: number }>, status: number) {
  const before = await rowCounts(t.db);
  const response = await action();
  expect(response.statusCode).toBe(status);
  expect(await rowCounts(t.db)).toEqual(before);
  return response;
}

describe('the self-assessment', () => {
  it('lists the 50 items in English exactly and in Vietnamese', async () => {
    const me = await t.createUser();
    const en = await call(me, 'GET', '/questions?type=personality');
    expect(en.statusCode).toBe(200);
    const questions = en.json().resource.questions;
    expect(questions).toHaveLength(50);
    expect(questions[0]).toEqual({
      id: 1,
      order: 1,
      factor: 'E',
      text: 'Am the life of the party.',
    });
    expect(questions[49].text).toBe('Am full of ideas.');
    const vi = await call(me, 'GET', '/questions?type=personality', undefined, { language: 'vi' });
    expect(vi.json().resource.questions[0].text).toBe('Tôi là linh hồn của các bữa tiệc.');
    expect((await call(me, 'GET', '/questions?type=mood')).statusCode).toBe(422);
  });

  it('keeps partial answers on save and close, then scores the finished test', async () => {
    const me = await t.createUser();
    const first = await call(me, 'POST', '/user/personality', { answers: answers(1, 20, 3) });
    expect(first.statusCode).toBe(200);
    expect(first.json().resource).toMatchObject({
      answered: 20,
      total: 50,
      completed: false,
      result: null,
    });

    const back = await call(me, 'GET', `/user/${me.user.id}/personality`);
    expect(back.json().resource.answers).toEqual(answers(1, 20, 3));

    // Everything "very accurate": plus-keyed items score 5, minus-keyed ones 1.
    const done = await call(me, 'POST', '/user/personality', { answers: answers(1, 50, 5) });
    const resource = done.json().resource;
    expect(resource.completed).toBe(true);
    expect(resource.completed_at).toBeTruthy();
    const byFactor = Object.fromEntries(
      resource.result.map((f: { factor: string }) => [f.factor, f]),
    );
    // E: 5 plus, 5 minus -> 25 + 5 = 30; A: 6 plus, 4 minus -> 30 + 4 = 34;
    // C: 6 plus, 4 minus -> 34; ES: 2 plus, 8 minus -> 18; I: 7 plus, 3 minus -> 38.
    expect(byFactor.E.score).toBe(30);
    expect(byFactor.A.score).toBe(34);
    expect(byFactor.C.score).toBe(34);
    expect(byFactor.ES.score).toBe(18);
    expect(byFactor.I.score).toBe(38);
    // ES 18 is the sample's 10th percentile; E 30 its median.
    expect(byFactor.ES).toMatchObject({ percentile: 10, band: 'low' });
    expect(byFactor.E).toMatchObject({ percentile: 50, band: 'average' });

    const me2 = await call(me, 'GET', '/user');
    expect(me2.json().resource.profile_completion_percent).toBeGreaterThan(0);
  });

  it('refuses answers out of range or for unknown items and stores nothing', async () => {
    const me = await t.createUser();
    await expectNothingWritten(
      () => call(me, 'POST', '/user/personality', { answers: { '1': 6 } }),
      422,
    );
    await expectNothingWritten(
      () => call(me, 'POST', '/user/personality', { answers: { '51': 3 } }),
      422,
    );
    await expectNothingWritten(
      () => call(me, 'POST', '/user/personality', { answers: { '2': 2.5 } }),
      422,
    );
    await expectNothingWritten(
      () => call(null, 'POST', '/user/personality', { answers: { '1': 3 } }),
      401,
    );
  });
});

describe('privacy options', () => {
  it('default to everyone and are enforced on every user/:id read', async () => {
    const owner = await t.createUser();
    const { people } = await createWorkspace(t, { owner, members: { member: 1, deactive: 1 } });
    const coworker = people.member[0];
    const deactivated = people.deactive[0];
    const outsider = await t.createUser();
    await call(owner, 'POST', '/user/personality', { answers: answers(1, 50, 4) });
    await call(owner, 'POST', '/user/availability', { slots: [9, 10, 33] });
    await call(owner, 'POST', '/user/skills', { skills: [{ name: 'Statistics' }] });

    const defaults = await call(owner, 'GET', '/user/options');
    expect(defaults.json().resource.privacy_options).toEqual({
      view_profile: 'everyone',
      view_skill: 'everyone',
      view_availability: 'everyone',
      view_personality: 'everyone',
    });
    expect(
      (await call(outsider, 'GET', `/user/${owner.user.publicId}/personality`)).statusCode,
    ).toBe(200);

    const saved = await call(owner, 'POST', '/user/options', {
      view_personality: 'only_me',
      view_availability: 'workspace_members',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().resource.privacy_options).toMatchObject({
      view_profile: 'everyone',
      view_personality: 'only_me',
      view_availability: 'workspace_members',
    });

    const hidden = await call(outsider, 'GET', `/user/${owner.user.publicId}/personality`);
    expect(hidden.statusCode).toBe(403);
    expect(hidden.json().code).toBe('privacy_hidden');
    expect(
      (await call(coworker, 'GET', `/user/${owner.user.publicId}/personality`)).statusCode,
    ).toBe(403);
    expect(
      (await call(outsider, 'GET', `/user/${owner.user.publicId}/soft-skills`)).statusCode,
    ).toBe(403);
    expect((await call(owner, 'GET', `/user/${owner.user.publicId}/personality`)).statusCode).toBe(
      200,
    );

    expect(
      (await call(outsider, 'GET', `/user/${owner.user.publicId}/availability`)).statusCode,
    ).toBe(403);
    // A deactivated membership is no shared workspace.
    expect(
      (await call(deactivated, 'GET', `/user/${owner.user.publicId}/availability`)).statusCode,
    ).toBe(403);
    const shared = await call(coworker, 'GET', `/user/${owner.user.publicId}/availability`);
    expect(shared.statusCode).toBe(200);
    expect(shared.json().resource.slots).toEqual([9, 10, 33]);

    const card = await call(outsider, 'GET', `/user/${owner.user.publicId}/modal-information`);
    expect(card.json().resource.visibility).toEqual({
      profile: true,
      skills: true,
      availability: false,
      personality: false,
    });
    expect(card.json().resource.skills).toEqual(['Statistics']);

    // A profile kept from strangers: a fellow member still sees the name (as in every member
    // list), the rest stays hidden; to an outsider the person does not exist.
    await call(owner, 'POST', '/user/options', { view_profile: 'only_me', view_skill: 'only_me' });
    const page = await call(coworker, 'GET', `/user/${owner.user.publicId}/page-information`);
    expect(page.statusCode).toBe(200);
    expect(page.json().resource).toMatchObject({ bio: null, skills: null, timezone: null });
    expect(page.json().resource.name).toBeTruthy();
    for (const section of [
      'skills',
      'preferences',
      'activities',
      'page-information/performance',
      'cv',
    ]) {
      const response = await call(coworker, 'GET', `/user/${owner.user.publicId}/${section}`);
      expect(response.statusCode, section).toBe(403);
      const hidden = await call(outsider, 'GET', `/user/${owner.user.publicId}/${section}`);
      expect(hidden.statusCode, section).toBe(404);
    }
    expect(
      (await call(outsider, 'GET', `/user/${owner.user.publicId}/page-information`)).statusCode,
    ).toBe(404);

    const supervisor = await t.createUser({ role: 'supervisor' });
    expect(
      (await call(supervisor, 'GET', `/user/${owner.user.publicId}/personality`)).statusCode,
    ).toBe(200);
  });

  it('refuses unknown audiences and keys, writing nothing', async () => {
    const me = await t.createUser();
    await expectNothingWritten(
      () => call(me, 'POST', '/user/options', { view_personality: 'friends' }),
      422,
    );
    await expectNothingWritten(
      () => call(me, 'POST', '/user/notifications', { notification_settings: { spam: true } }),
      422,
    );
    expect((await call(me, 'GET', '/user/not-an-id/personality')).statusCode).toBe(422);
    expect((await call(me, 'GET', '/user/999999/personality')).statusCode).toBe(404);
  });
});

describe('skills, availability, preferences, links and activities', () => {
  it('saves skills by id or typed name and finds them in the catalogue', async () => {
    const me = await t.createUser();
    const saved = await call(me, 'POST', '/user/skills', {
      skills: [{ name: 'TypeScript', level: 4 }, { name: 'underwater basket weaving' }],
    });
    expect(saved.statusCode).toBe(200);
    const typescript = saved
      .json()
      .resource.user_skills.find((s: { name: string }) => s.name === 'TypeScript');
    expect(typescript.level).toBe(4);

    const other = await t.createUser();
    const reuse = await call(other, 'POST', '/user/skills', {
      skills: [{ skill_id: typescript.skill_id }, { name: 'typescript' }],
    });
    expect(reuse.json().resource.user_skills).toEqual([
      { skill_id: typescript.skill_id, name: 'TypeScript', level: null },
    ]);

    const search = await call(me, 'GET', '/skills?search=basket');
    expect(search.json().resource.skills).toEqual([
      {
        id: expect.any(Number),
        name: 'underwater basket weaving',
        category: null,
        workspace_id: null,
      },
    ]);
    const list = await call(me, 'GET', `/user/${other.user.publicId}/skills`);
    expect(list.json().resource.skills[0].name).toBe('TypeScript');

    await expectNothingWritten(
      () => call(me, 'POST', '/user/skills', { skills: [{ skill_id: 99999 }] }),
      422,
    );
    await expectNothingWritten(
      () =>
        call(me, 'POST', '/user/skills', {
          skills: [{ skill_id: typescript.skill_id, name: 'x' }],
        }),
      422,
    );
    await expectNothingWritten(
      () => call(me, 'POST', '/user/skills', { skills: [{ name: '' }] }),
      422,
    );
  });

  it('ships a catalogue of several hundred skills named in English and Vietnamese', async () => {
    const me = await t.createUser();
    const all = (await call(me, 'GET', '/skills?limit=500')).json().resource.skills;
    expect(all.length).toBeGreaterThanOrEqual(400);
    const categories = new Set(all.map((s: { category: string | null }) => s.category));
    expect(categories.size).toBeGreaterThanOrEqual(15);

    // Either language, any case, with or without Vietnamese accents.
    const accentless = await call(me, 'GET', '/skills?search=lam%20viec%20nhom', undefined, {
      language: 'vi',
    });
    expect(accentless.json().resource.skills.map((s: { name: string }) => s.name)).toContain(
      'Làm việc nhóm',
    );
    const english = await call(me, 'GET', '/skills?search=TEAMWORK');
    expect(english.json().resource.skills[0]).toMatchObject({
      name: 'Teamwork',
      category: 'teamwork',
    });
    // Best matches first: names that start with the search, then a word that does, then the rest.
    const names = (await call(me, 'GET', '/skills?search=rea'))
      .json()
      .resource.skills.map((s: { name: string }) => s.name);
    expect(names.slice(0, 3).sort()).toEqual(['React', 'React Native', 'Real estate']);
    expect(names.indexOf('Logical reasoning')).toBeLessThan(names.indexOf('Creative writing'));
    // In Vietnamese, the English name still counts as a name that starts with the search.
    const vi = await call(me, 'GET', '/skills?search=rea', undefined, { language: 'vi' });
    expect(vi.json().resource.skills[0].name).toMatch(/^(React|Bất động sản)/);
    // Typing the Vietnamese name of a shipped skill picks that skill, not a new one.
    const typed = await call(
      me,
      'POST',
      '/user/skills',
      { skills: [{ name: 'làm việc nhóm' }] },
      {
        language: 'vi',
      },
    );
    expect(typed.json().resource.user_skills).toEqual([
      { skill_id: english.json().resource.skills[0].id, name: 'Làm việc nhóm', level: null },
    ]);
  });

  it('lets a workspace owner or admin add skills only its members see', async () => {
    const { workspace, owner, people } = await createWorkspace(t, {
      members: { admin: 1, member: 1 },
    });
    const outsider = await t.createUser();
    const url = `/workspaces/${workspace.id}/skills`;

    const added = await call(owner, 'POST', url, {
      name: 'Lab safety',
      name_vi: 'An toàn phòng thí nghiệm',
    });
    expect(added.statusCode).toBe(201);
    const skill = added.json().resource.skill;
    expect(skill).toMatchObject({ name: 'Lab safety', category: null, workspace_id: workspace.id });
    expect((await call(people.admin[0]!, 'POST', url, { name: 'Titration' })).statusCode).toBe(201);

    // Members see it (in their language) and may pick it; people outside see nothing of it.
    const seen = await call(people.member[0]!, 'GET', '/skills?search=an%20toan', undefined, {
      language: 'vi',
    });
    expect(seen.json().resource.skills).toEqual([
      {
        id: skill.id,
        name: 'An toàn phòng thí nghiệm',
        category: null,
        workspace_id: workspace.id,
      },
    ]);
    expect(
      (await call(outsider, 'GET', '/skills?search=lab%20safety')).json().resource.skills,
    ).toEqual([]);
    expect(
      (await call(people.member[0]!, 'POST', '/user/skills', { skills: [{ skill_id: skill.id }] }))
        .statusCode,
    ).toBe(200);
    await expectNothingWritten(
      () => call(outsider, 'POST', '/user/skills', { skills: [{ skill_id: skill.id }] }),
      422,
    );

    // Wrong role: a member gets 403, someone outside 404, signed out 401.
    await expectNothingWritten(
      () => call(people.member[0]!, 'POST', url, { name: 'Pipetting' }),
      403,
    );
    await expectNothingWritten(() => call(outsider, 'POST', url, { name: 'Pipetting' }), 404);
    await expectNothingWritten(() => call(null, 'POST', url, { name: 'Pipetting' }), 401);

    // Bad input: empty, too long, markup, a name the list already has (either language).
    for (const body of [{}, { name: '' }, { name: 'x'.repeat(61) }, { name: '<b>bold</b>' }]) {
      await expectNothingWritten(() => call(owner, 'POST', url, body), 422);
    }
    await expectNothingWritten(() => call(owner, 'POST', url, { name: 'lab SAFETY' }), 422);
    const taken = await call(
      owner,
      'POST',
      url,
      { name: 'An toàn PHÒNG thí nghiệm' },
      { language: 'vi' },
    );
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors.name).toEqual(['Đã có kỹ năng cùng tên trong danh sách.']);
    await expectNothingWritten(() => call(owner, 'POST', url, { name: 'Teamwork' }), 422);
    await expectNothingWritten(
      () => call(owner, 'POST', '/workspaces/abc/skills', { name: 'X' }),
      422,
    );
  });

  it('stores availability as UTC hour-of-week slots and refuses bad slots', async () => {
    const me = await t.createUser({ timezone: 'Asia/Ho_Chi_Minh' });
    const saved = await call(me, 'POST', '/user/availability', { slots: [33, 9, 10] });
    expect(saved.json().resource).toMatchObject({
      slots: [9, 10, 33],
      timezone: 'Asia/Ho_Chi_Minh',
    });
    await expectNothingWritten(() => call(me, 'POST', '/user/availability', { slots: [168] }), 422);
    await expectNothingWritten(
      () => call(me, 'POST', '/user/availability', { slots: [4, 4] }),
      422,
    );
  });

  it('keeps notification settings, preferences and normalised links', async () => {
    const me = await t.createUser();
    const initial = await call(me, 'GET', '/user/notifications');
    expect(initial.json().resource.notification_settings.task_assigned_email).toBe(true);
    const off = await call(me, 'POST', '/user/notifications', {
      notification_settings: { task_assigned_email: false },
    });
    expect(off.json().resource.notification_settings).toMatchObject({
      task_assigned_email: false,
      task_assigned_in_app: true,
    });

    const preferences = await call(me, 'POST', '/user/preferences', {
      preferred_roles: ['builder', 'tester'],
      work_style: 'async',
    });
    expect(preferences.json().resource.preferences).toEqual({
      preferred_roles: ['builder', 'tester'],
      work_style: 'async',
      communication: null,
      goals: null,
    });
    await expectNothingWritten(
      () => call(me, 'POST', '/user/preferences', { work_style: 'whenever' }),
      422,
    );

    const links = await call(me, 'POST', '/user/social-media', {
      social_media: { github: 'github.com/ada', website: 'https://ada.dev' },
    });
    expect(links.json().resource.social_media).toEqual({
      github: 'http://github.com/ada',
      website: 'https://ada.dev',
    });
    const removed = await call(me, 'POST', '/user/social-media', { social_media: { github: '' } });
    expect(removed.json().resource.social_media).toEqual({ website: 'https://ada.dev' });
    await expectNothingWritten(
      () =>
        call(me, 'POST', '/user/social-media', {
          social_media: { website: 'javascript:alert(1)' },
        }),
      422,
    );
    await expectNothingWritten(
      () => call(me, 'POST', '/user/social-media', { social_media: { myspace: 'www.x.com' } }),
      422,
    );
  });

  it('lets people add activities only to their own profile', async () => {
    const me = await t.createUser();
    const other = await t.createUser();
    const added = await call(me, 'POST', `/user/${me.user.id}/activities`, {
      kind: 'project',
      title: 'Library app',
      started_on: '2025-01-10',
      ended_on: '2025-03-01',
      url: 'www.example.com/library',
    });
    expect(added.statusCode).toBe(200);
    const [activity] = added.json().resource.activities;
    expect(activity).toMatchObject({ title: 'Library app', url: 'http://www.example.com/library' });
    const seen = await call(other, 'GET', `/user/${me.user.publicId}/activities`);
    expect(seen.json().resource.activities).toHaveLength(1);

    await expectNothingWritten(
      () => call(other, 'POST', `/user/${me.user.id}/activities`, { kind: 'award', title: 'X' }),
      403,
    );
    await expectNothingWritten(
      () =>
        call(me, 'POST', `/user/${me.user.id}/activities`, {
          kind: 'award',
          title: 'X',
          started_on: '2025-05-01',
          ended_on: '2025-01-01',
        }),
      422,
    );
    await expectNothingWritten(
      () => call(other, 'DELETE', `/user/${me.user.id}/activities/${activity.id}`),
      403,
    );
    const gone = await call(me, 'DELETE', `/user/${me.user.id}/activities/${activity.id}`);
    expect(gone.statusCode).toBe(200);
  });
});

describe('picture and CV', () => {
  it('uploads, serves and removes a picture', async () => {
    const me = await t.createUser();
    const upload = multipart('avatar', 'me.png', 'image/png', PNG);
    const saved = await call(me, 'POST', '/user/avatar', upload.payload, upload.headers);
    expect(saved.statusCode).toBe(200);
    const url: string = saved.json().resource.avatar_url;
    expect(url).toMatch(/^\/api\/v2\/core\/avatars\/[0-9a-f-]{36}\.png$/);

    const image = await t.app.inject({ method: 'GET', url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(PNG)).toBe(true);

    const removed = await call(me, 'DELETE', '/user/avatar');
    expect(removed.json().resource.avatar_url).toBeNull();
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });

  it('refuses pictures of other types and uploads that are not multipart', async () => {
    const me = await t.createUser();
    const svg = multipart('avatar', 'me.svg', 'image/svg+xml', Buffer.from('<svg/>'));
    await expectNothingWritten(
      () => call(me, 'POST', '/user/avatar', svg.payload, svg.headers),
      415,
    );
    await expectNothingWritten(() => call(me, 'POST', '/user/avatar', { avatar: 'x' }), 415);
  });

  it('uploads a CV that others download when the profile is visible', async () => {
    const me = await t.createUser();
    const other = await t.createUser();
    const upload = multipart('file', 'cv.pdf', 'application/pdf', Buffer.from('%PDF-1.4 cv'));
    const saved = await call(me, 'POST', '/user/cv', upload.payload, upload.headers);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().resource.cv).toMatchObject({
      name: 'cv.pdf',
      mime_type: 'application/pdf',
    });

    const download = await call(other, 'GET', `/user/${me.user.publicId}/cv`);
    expect(download.statusCode).toBe(200);
    expect(download.body).toBe('%PDF-1.4 cv');

    await call(me, 'POST', '/user/options', { view_profile: 'only_me' });
    expect((await call(other, 'GET', `/user/${me.user.publicId}/cv`)).statusCode).toBe(404);

    expect((await call(me, 'DELETE', '/user/cv')).json().resource.cv).toBeNull();
    expect((await call(me, 'GET', `/user/${me.user.id}/cv`)).statusCode).toBe(404);

    const script = multipart('file', 'cv.exe', 'application/octet-stream', Buffer.from('MZ'));
    await expectNothingWritten(
      () => call(me, 'POST', '/user/cv', script.payload, script.headers),
      415,
    );
  });
});

describe('every profile route', () => {
  it('refuses signed-out callers and writes nothing', async () => {
    const someone = await t.createUser();
    const routes: [string, string][] = [
      ['GET', '/skills'],
      ['GET', '/questions?type=personality'],
      ['POST', '/user/skills'],
      ['POST', '/user/availability'],
      ['POST', '/user/personality'],
      ['GET', '/user/options'],
      ['POST', '/user/options'],
      ['GET', '/user/notifications'],
      ['POST', '/user/notifications'],
      ['POST', '/user/preferences'],
      ['POST', '/user/social-media'],
      ['POST', '/user/avatar'],
      ['DELETE', '/user/avatar'],
      ['POST', '/user/cv'],
      ['DELETE', '/user/cv'],
      ...[
        'modal-information',
        'page-information',
        'page-information/performance',
        'preferences',
        'skills',
        'availability',
        'personality',
        'soft-skills',
        'activities',
        'cv',
      ].map((section): [string, string] => ['GET', `/user/${someone.user.id}/${section}`]),
      ['POST', `/user/${someone.user.id}/activities`],
      ['DELETE', `/user/${someone.user.id}/activities/1`],
    ];
    for (const [method, url] of routes) {
      const response = await expectNothingWritten(
        () => call(null, method as 'GET', url, method === 'GET' ? undefined : {}),
        401,
      );
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('refuses bad lookups and unknown pictures', async () => {
    const me = await t.createUser();
    expect((await call(me, 'GET', '/skills?limit=0')).statusCode).toBe(422);
    expect((await call(me, 'GET', '/skills?search=' + 'x'.repeat(61))).statusCode).toBe(422);
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/v2/core/avatars/00000000-0000-4000-8000-000000000000.png',
    });
    expect(missing.statusCode).toBe(404);
    const traversal = await t.app.inject({
      method: 'GET',
      url: '/api/v2/core/avatars/..%2F..%2Fjwt-secret',
    });
    expect(traversal.statusCode).toBe(404);
  });
});

describe("a workspace's availability honours each member's privacy option", () => {
  it('leaves out the hours of a member who keeps them to themself', async () => {
    const owner = await t.createUser();
    const { workspace, people } = await createWorkspace(t, { owner, members: { member: 2 } });
    const [open, privateOne] = people.member;
    await call(open, 'POST', '/user/availability', { slots: [9, 10] });
    await call(privateOne, 'POST', '/user/availability', { slots: [10, 11] });
    await call(privateOne, 'POST', '/user/options', { view_availability: 'only_me' });

    const response = await call(owner, 'GET', `/workspaces/${workspace.id}/availability`);
    expect(response.statusCode).toBe(200);
    const slots = response.json().resource.slots as { hour: number; user_ids: number[] }[];
    expect(slots).toEqual([
      { hour: 9, user_ids: [open.user.id] },
      { hour: 10, user_ids: [open.user.id] },
    ]);
    const own = await call(privateOne, 'GET', `/workspaces/${workspace.id}/availability`);
    expect(own.json().resource.slots.find((s: { hour: number }) => s.hour === 11).user_ids).toEqual(
      [privateOne.user.id],
    );
  });
});
