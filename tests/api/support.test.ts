import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, bearer, type TestApp } from '../support/test-app';

const SUPPORT_EMAIL = 'help@teamloop.example.com';

describe('the support widget (spec 1, 4): messages go to the support mailbox from a job', () => {
  let t: TestApp;
  let off: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SUPPORT_EMAIL });
    off = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
    await off.close();
  });

  it('says where messages go, and mails one with the sender to answer', async () => {
    const { user, token } = await t.createUser({ firstName: 'Mai', lastName: 'Tran' });
    const target = await t.app.inject({
      method: 'GET',
      url: '/api/v2/core/support',
      headers: bearer(token),
    });
    expect(target.json().resource).toEqual({ configured: true, channel: 'mail' });

    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/v2/core/support',
      headers: bearer(token),
      payload: { subject: 'Cannot upload', message: 'The file stays at 0%.', page: '/drive' },
    });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().resource).toEqual({ sent: true });
    const mail = await t.smtp.waitFor(SUPPORT_EMAIL);
    expect(mail.subject).toBe('[Support] Cannot upload');
    expect(mail.text).toContain(user.email);
    expect(mail.text).toContain('Mai Tran');
    expect(mail.text).toContain('/drive');
    expect(mail.text).toContain('The file stays at 0%.');
  });

  it('refuses a signed-out caller (wrong role) without queuing anything', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const response = await t.app.inject({
        method,
        url: '/api/v2/core/support',
        payload: method === 'POST' ? { subject: 'x', message: 'y' } : undefined,
      });
      expect(response.statusCode).toBe(401);
    }
  });

  it('refuses bad input with a message in the person’s language', async () => {
    const { token } = await t.createUser();
    for (const payload of [
      {},
      { subject: '', message: 'text' },
      { subject: 'x', message: '   ' },
      { subject: 'x'.repeat(201), message: 'text' },
      { subject: 'x', message: 'text', extra: true },
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v2/core/support',
        headers: { ...bearer(token), language: 'vi' },
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, JSON.stringify(payload)).toBeLessThan(500);
      expect(response.json().messages[0]).toBeTruthy();
    }
  });

  it('says so when no support mailbox is configured', async () => {
    const { token } = await off.createUser();
    const target = await off.app.inject({
      method: 'GET',
      url: '/api/v2/core/support',
      headers: bearer(token),
    });
    expect(target.json().resource).toEqual({ configured: false, channel: 'mail' });
    const sent = await off.app.inject({
      method: 'POST',
      url: '/api/v2/core/support',
      headers: { ...bearer(token), language: 'vi' },
      payload: { subject: 'Help', message: 'Please' },
    });
    expect(sent.statusCode).toBe(409);
    expect(sent.json().code).toBe('support_not_configured');
    expect(sent.json().messages[0]).toContain('hỗ trợ');
  });
});
