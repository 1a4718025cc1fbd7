import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assessmentAnswers,
  assessmentEvaluables,
  assessmentQuestions,
  assessments,
  ltiContexts,
  ltiMembers,
  ltiPlatforms,
  teamFormationRuns,
} from '@server/db/schema';
import { exportUserData } from '@server/core/export-sections';
import { AREAS } from '@server/modules';
import { createWorkspace } from '../support/factories';
import { bearer, createTestApp, type TestApp } from '../support/test-app';
import { call, createTeam, future, pdf } from './tasks-support';

/**
 * "Export my data" of a person who has used every area holds something from each area that
 * keeps their data (issue 29). Areas are used through the API where that is short, through the
 * database where the setup would be long (the export reads the database either way).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('export my data', () => {
  it('holds something from every area the person used', async () => {
    const { workspace, owner, people } = await createWorkspace(t, { members: { member: 1 } });
    const me = people.member[0];
    const mine = call(t, me.token);
    const theirs = call(t, owner.token);
    const messaging = (url: string, payload: object) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v2/messaging${url}`,
        headers: bearer(me.token),
        payload,
      });

    // Profile and self-assessment.
    expect((await mine.post('/user/skills', { skills: [{ name: 'Statistics' }] })).statusCode).toBe(
      200,
    );
    expect((await mine.post('/user/availability', { slots: [9, 10] })).statusCode).toBe(200);
    expect((await mine.post('/user/personality', { answers: { '1': 3, '2': 4 } })).statusCode).toBe(
      200,
    );

    // A task handed in with a file (its assignment notifies me through a job).
    const task = await theirs.post(`/workspaces/${workspace.id}/tasks-by-owner`, {
      name: 'Essay',
      expired_at: future(3),
      user_ids: [me.user.id],
    });
    const taskId = task.json().resource.task.id as number;
    expect(
      (await mine.upload('POST', `/tasks/${taskId}/submit`, [pdf('essay.pdf')])).statusCode,
    ).toBe(200);
    await t.app.deps.jobs.drain();

    // An objective I own with a key result, and a check-in on it.
    const objective = await theirs.post(`/workspaces/${workspace.id}/objectives`, {
      name: 'Grow the club',
      owner_ids: [me.user.id],
      key_results: [{ name: 'Members', kind: 'increase', start_value: 0, target_value: 10 }],
    });
    expect(objective.statusCode).toBe(201);
    const keyResult = objective.json().resource.objective.key_results[0];
    expect(
      (await mine.post(`/key-results/${keyResult.id}/answer`, { value: 3, status: 'on trace' }))
        .statusCode,
    ).toBe(201);

    // A chat message.
    const chat = await messaging('/chats/user-chat', { user_id: owner.user.id });
    expect(chat.statusCode).toBe(200);
    const sent = await messaging('/messages', {
      chat_id: chat.json().resource.chat.id,
      text: 'hello there',
    });
    expect(sent.statusCode).toBe(201);

    // A team, an assessment answered, a team formation run and an LMS identity.
    await createTeam(t, workspace.id, 'Blue', [me.user.id]);
    const [assessment] = await t.db
      .insert(assessments)
      .values({
        workspaceId: workspace.id,
        name: 'Peer review',
        type: 'general',
        createdBy: owner.user.id,
      })
      .returning();
    const [question] = await t.db
      .insert(assessmentQuestions)
      .values({
        assessmentId: assessment.id,
        position: 0,
        kind: 'text',
        title: 'Strengths?',
        options: {},
      })
      .returning();
    const [evaluable] = await t.db
      .insert(assessmentEvaluables)
      .values({
        assessmentId: assessment.id,
        assessorId: me.user.id,
        evaluateeId: owner.user.id,
        raterGroup: 'peer',
        status: 'submitted',
      })
      .returning();
    await t.db
      .insert(assessmentAnswers)
      .values({ evaluableId: evaluable.id, questionId: question.id, text: 'Listens well' });
    await t.db.insert(teamFormationRuns).values({
      workspaceId: workspace.id,
      createdBy: me.user.id,
      options: {},
      request: {},
    });
    const [platform] = await t.db
      .insert(ltiPlatforms)
      .values({
        name: 'Moodle',
        issuer: 'https://lms.example.edu',
        clientId: 'teamloop',
        authLoginUrl: 'https://lms.example.edu/auth',
        accessTokenUrl: 'https://lms.example.edu/token',
        jwksUrl: 'https://lms.example.edu/jwks',
      })
      .returning();
    const [context] = await t.db
      .insert(ltiContexts)
      .values({
        platformId: platform.id,
        contextId: 'c-1',
        deploymentId: 'd-1',
        workspaceId: workspace.id,
      })
      .returning();
    await t.db
      .insert(ltiMembers)
      .values({ contextId: context.id, userId: me.user.id, subject: 'lms-42' });

    const response = await mine.get('/user/export-user-data');
    expect(response.statusCode).toBe(200);
    const data = response.json();
    const text = JSON.stringify(data);

    expect(data.account.email).toBe(me.user.email);
    expect(text).toContain('Statistics');
    expect(data.self_assessment.answers).toMatchObject({ '1': 3 });
    expect(data.workspaces.memberships).toEqual([
      expect.objectContaining({ workspace_id: workspace.id }),
    ]);
    expect(data.task_assignments).toEqual([expect.objectContaining({ task_id: taskId })]);
    expect(data.task_files).toEqual([expect.objectContaining({ name: 'essay.pdf' })]);
    expect(data.notifications.length).toBeGreaterThan(0);
    expect(data.objectives.owned).toEqual([expect.objectContaining({ name: 'Grow the club' })]);
    expect(data.check_ins.key_results).toEqual([
      expect.objectContaining({ value: 3, status: 'on trace' }),
    ]);
    expect(data.chat_messages).toEqual([expect.objectContaining({ text: 'hello there' })]);
    expect(data.team_memberships).toEqual([expect.objectContaining({ team: 'Blue' })]);
    expect(data.assessment_answers_given[0].answers).toEqual([
      expect.objectContaining({ question: 'Strengths?', text: 'Listens well' }),
    ]);
    expect(data.team_formation.runs).toHaveLength(1);
    expect(data.lti.courses).toEqual([expect.objectContaining({ lms_user_id: 'lms-42' })]);
    // Storage keys are ours, and no secret leaves.
    expect(text).not.toMatch(/storage_key|password_hash|token_hash/);

    // Deleting the account erases what is only theirs and keeps what others' work needs.
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/v2/core/user',
      headers: bearer(me.token),
      payload: { password: me.password },
    });
    expect(deleted.statusCode).toBe(200);
    const left = await exportUserData(AREAS, t.db, me.user.id);
    expect(left).toMatchObject({
      skills: [],
      profile: null,
      self_assessment: null,
      notifications: [],
      lti: { courses: [] },
      chat_messages: [expect.objectContaining({ text: 'hello there' })],
      task_files: [expect.objectContaining({ name: 'essay.pdf' })],
    });
    expect(JSON.stringify(left)).not.toContain(me.user.email);
  });
});
