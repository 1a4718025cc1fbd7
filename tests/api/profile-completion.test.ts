import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { personalityAnswers, skills, userProfiles, userSkills } from '@server/db/schema';
import { bearer, createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/**
 * The completion percent counts seven steps: four read from the user row and three stored
 * elsewhere (skills, availability, a finished self-assessment), which run as one query.
 */
describe('profile completion on the current user', () => {
  const percent = async (token: string) => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v2/core/user',
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(200);
    return response.json().resource.profile_completion_percent as number;
  };

  it('moves with each stored step, and only for its own person', async () => {
    const { user, token } = await t.createUser({ timezone: 'UTC' });
    const other = await t.createUser({ timezone: 'UTC' });
    // A name only: one step of seven.
    expect(await percent(token)).toBe(14);

    const [skill] = await t.db
      .insert(skills)
      .values({ name: `Skill ${Date.now()}` })
      .returning();
    await t.db.insert(userSkills).values({ userId: user.id, skillId: skill.id });
    expect(await percent(token)).toBe(29);

    // A profile row with no availability yet does not count; with some, it does.
    await t.db.insert(userProfiles).values({ userId: user.id, availability: [] });
    expect(await percent(token)).toBe(29);
    await t.db
      .update(userProfiles)
      .set({ availability: [9, 10] })
      .where(eq(userProfiles.userId, user.id));
    expect(await percent(token)).toBe(43);

    // A self-assessment in progress does not count; a finished one does.
    await t.db.insert(personalityAnswers).values({ userId: user.id, answers: { q1: 3 } });
    expect(await percent(token)).toBe(43);
    await t.db
      .update(personalityAnswers)
      .set({ completedAt: new Date() })
      .where(eq(personalityAnswers.userId, user.id));
    expect(await percent(token)).toBe(57);

    expect(await percent(other.token)).toBe(14);
  });

  it('refuses a signed-out caller and a bad token with 401', async () => {
    for (const headers of [{}, { authorization: 'Bearer nonsense' }]) {
      const response = await t.app.inject({ method: 'GET', url: '/api/v2/core/user', headers });
      expect(response.statusCode).toBe(401);
    }
  });
});
