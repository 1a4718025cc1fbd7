import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxEvents } from '@server/db/schema';
import { linkIn } from '../support/smtp';
import { appBehindStallingRelay } from '../support/stalling-smtp';
import type { TestApp } from '../support/test-app';

const api = '/api/v2/core';

/**
 * Account mail goes out from outbox jobs (issue 29): a request answers while the mail server
 * says nothing, the mails go out once it answers, each once, and the job table holds no link
 * token or code that would sign anyone in.
 */
describe('account mail goes out from jobs', () => {
  let setup: Awaited<ReturnType<typeof appBehindStallingRelay>>;
  let t: TestApp;
  let relay: typeof setup.relay;

  beforeAll(async () => {
    setup = await appBehindStallingRelay();
    ({ t, relay } = setup);
  });
  afterAll(() => setup.close());

  it('answers while the mail server stalls, then sends each mail once with working secrets', async () => {
    const resetting = await t.createUser();
    const unverified = await t.createUser({ verified: false });
    const post = (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url: `${api}${url}`, payload });

    expect((await post('/join/forget-password', { email: resetting.user.email })).statusCode).toBe(
      200,
    );
    expect(
      (await post('/otp', { email: unverified.user.email, purpose: 'verify_email' })).statusCode,
    ).toBe(200);
    const signUp = await post('/join/sign-up', {
      email: 'new.person@example.com',
      password: 'a long enough secret',
      accept_privacy: true,
    });
    expect(signUp.statusCode).toBe(201);
    // An unknown address writes the same (empty) job and gets no mail.
    expect((await post('/join/forget-password', { email: 'nobody@example.com' })).statusCode).toBe(
      200,
    );
    // Every answer came while the mail server had not said a word.
    expect(t.smtp.received).toHaveLength(0);

    // What waits in the job table names no secret that the mails carry.
    const queued = JSON.stringify(await t.db.select().from(outboxEvents));

    relay.release();
    const reset = await t.smtp.waitFor(resetting.user.email);
    const otp = await t.smtp.waitFor(unverified.user.email);
    const verify = await t.smtp.waitFor('new.person@example.com');
    await t.app.deps.jobs.drain(60_000);

    const resetToken = linkIn(reset, '/password/reset').searchParams.get('token') as string;
    const code = otp.subject.match(/(\d{6})/)?.[1] as string;
    const verifyToken = linkIn(verify, '/verify').searchParams.get('token') as string;
    for (const secret of [resetToken, code, verifyToken]) expect(queued).not.toContain(secret);

    // The secrets the job made again are the ones the rows hold.
    const check = await t.app.inject({
      method: 'GET',
      url: `${api}/join/verify-reset-password/${resetToken}`,
    });
    expect(check.json().resource.email).toBe(resetting.user.email);
    const verified = await post('/otp/verify', {
      email: unverified.user.email,
      purpose: 'verify_email',
      code,
    });
    expect(verified.statusCode).toBe(200);
    const opened = await t.app.inject({
      method: 'GET',
      url: `${api}/join/verify-email/${verifyToken}`,
    });
    expect(opened.statusCode).toBe(200);

    const addressed = t.smtp.received.flatMap((mail) => mail.to).sort();
    expect(addressed).toEqual(
      [resetting.user.email, unverified.user.email, 'new.person@example.com']
        .map((e) => e.toLowerCase())
        .sort(),
    );
  }, 120_000);
});
