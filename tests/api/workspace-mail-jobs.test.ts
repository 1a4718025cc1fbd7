import { MEMBER_CAP } from '@contracts/workspaces';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorkspace } from '../support/factories';
import { appBehindStallingRelay } from '../support/stalling-smtp';
import { bearer, type TestApp } from '../support/test-app';

const api = '/api/v2/core';

function csvForm(content: string) {
  const boundary = '----teamloop-test-boundary';
  return {
    payload:
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="people.csv"\r\n` +
      `Content-Type: text/csv\r\n\r\n${content}\r\n--${boundary}--\r\n`,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe('invitation mail goes out from jobs', () => {
  let setup: Awaited<ReturnType<typeof appBehindStallingRelay>>;
  let t: TestApp;
  let relay: typeof setup.relay;

  beforeAll(async () => {
    setup = await appBehindStallingRelay();
    ({ t, relay } = setup);
  });
  afterAll(() => setup.close());

  it('answers every CSV import while the mail server stalls, then sends each mail once', async () => {
    const owner = await t.createUser();
    const addresses = Array.from({ length: 200 }, (_, i) => `invitee${i}@example.com`);
    const perWorkspace = MEMBER_CAP - 1;
    const durations: number[] = [];
    for (let start = 0; start < addresses.length; start += perWorkspace) {
      const { workspace } = await createWorkspace(t, { owner });
      const rows = addresses.slice(start, start + perWorkspace);
      const form = csvForm(['email,role', ...rows.map((e) => `${e},member`)].join('\n'));
      const began = performance.now();
      const response = await t.app.inject({
        method: 'POST',
        url: `${api}/workspaces/${workspace.id}/invite-with-csv`,
        headers: { ...bearer(owner.token), ...form.headers },
        payload: form.payload,
      });
      durations.push(performance.now() - began);
      expect(response.statusCode).toBe(200);
      expect(response.json().resource.summary).toEqual({
        added: 0,
        invited: rows.length,
        skipped: 0,
      });
    }
    // Every answer came while the mail server had not said a word to anyone.
    expect(t.smtp.received).toHaveLength(0);
    console.info(
      `CSV imports answered while mail stalled: ${durations.length}, slowest ${Math.round(Math.max(...durations))} ms`,
    );

    relay.release();
    // The job that was talking to the stalled server is retried after its backoff.
    const everyone = () => new Set(t.smtp.received.flatMap((mail) => mail.to)).size;
    for (let waited = 0; everyone() < addresses.length && waited < 150_000; waited += 250) {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    await t.app.deps.jobs.drain(60_000);
    const perAddress = new Map<string, number>();
    for (const mail of t.smtp.received) {
      for (const to of mail.to) perAddress.set(to, (perAddress.get(to) ?? 0) + 1);
    }
    expect(perAddress.size).toBe(200);
    expect([...perAddress.values()].every((count) => count === 1)).toBe(true);
  }, 180_000);
});
