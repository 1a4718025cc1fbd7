import type { AddressInfo } from 'node:net';
import { TOUR_NAMES } from '@contracts/auth';
import { personalityAnswers, userProfiles } from '@server/db/schema';
import { createWorkspace } from '../support/factories';
import { bearer, createTestApp } from '../support/test-app';

/**
 * The app for team-formation.spec.ts, run with tsx in its own process: a class of 40 is more
 * than invitations allow (spec 9 caps a workspace at 20 through the API), so it is seeded
 * straight into this app's database, the way the API tests seed theirs. Prints one JSON line
 * (address, the owner's and one member's tokens, the workspace) and serves until it is stopped.
 */
const SKILLS = ['Backend', 'Design', 'Testing', 'Data'];

async function main() {
  const t = await createTestApp({ SERVE_CLIENT: 'true' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  const owner = await t.createUser({
    firstName: 'Olivia',
    lastName: 'Owner',
    privacyAcceptedAt: new Date(),
  });
  // The owner has seen the guided tours, as every spec's account has (support/accounts.ts): a
  // tour card opening over the form mid-test took the skill picker's focus.
  for (const name of TOUR_NAMES) {
    await t.app.inject({
      method: 'POST',
      url: '/api/v2/core/tours',
      headers: bearer(owner.token),
      payload: { name, state: { status: 'finished' } },
    });
  }
  const made = await createWorkspace(t, {
    owner,
    members: { member: 40 },
    values: { name: 'Intro to Design, class of 40' },
  });
  // Deterministic, varied answers: each person leans differently on each factor.
  let state = 7;
  const next = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
  for (const [n, member] of made.people.member.entries()) {
    const answers: Record<string, number> = {};
    for (let order = 1; order <= 50; order++) answers[order] = 1 + Math.floor(next() * 5);
    await t.db
      .insert(personalityAnswers)
      .values({ userId: member.user.id, answers, completedAt: new Date() });
    const start = 9 + (n % 5);
    await t.db.insert(userProfiles).values({
      userId: member.user.id,
      availability: [start, start + 1, start + 24, start + 25, start + 48, 100 + (n % 7)],
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/v2/core/user/skills',
      headers: bearer(member.token),
      payload: { skills: [{ name: SKILLS[n % SKILLS.length] }] },
    });
  }
  process.stdout.write(
    `${JSON.stringify({
      url,
      token: owner.token,
      memberToken: made.people.member[0].token,
      workspaceId: made.workspace.id,
    })}\n`,
  );
  const stop = async () => {
    await t.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
