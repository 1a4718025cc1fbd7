import { eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PLAN_FEATURE_EXTENSION } from '@contracts/billing';
import { invoiceLogs, invoices, workspaces } from '@server/db/schema';
import { issuePeriodInvoices } from '@server/modules/billing/operations/plans';
import { createWorkspace } from '../support/factories';
import { startStripeStandIn } from '../support/stripe-server';
import { bearer, createTestApp, type TestApp } from '../support/test-app';

/**
 * Plans, invoices and card payments (issue 33) against a local Stripe stand-in, and the local
 * test processor without keys. docs/decisions/billing.md.
 */
const api = '/api/v2/core';
const SECRET_KEY = 'sk_test_standin_key';
const WEBHOOK_SECRET = 'whsec_test_standin_secret';

let stripe: Awaited<ReturnType<typeof startStripeStandIn>>;
let t: TestApp;
beforeAll(async () => {
  stripe = await startStripeStandIn({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET });
  t = await createTestApp({
    STRIPE_SECRET_KEY: SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: stripe.url,
  });
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

const planOf = async (workspaceId: number) =>
  (await t.db.select().from(workspaces).where(eq(workspaces.id, workspaceId)))[0].paymentType;

async function upgrade(token: string, workspaceId: number, paymentType = 'premium') {
  const response = await t.app.inject({
    method: 'POST',
    url: `${api}/pricing-rules/${workspaceId}/upgrade-request`,
    headers: bearer(token),
    payload: { payment_type: paymentType },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().resource.invoice as { id: number; total: number; number: string };
}

async function pay(token: string, invoiceId: number) {
  const response = await t.app.inject({
    method: 'POST',
    url: `${api}/invoices/${invoiceId}/pay`,
    headers: bearer(token),
  });
  expect(response.statusCode, response.body).toBe(200);
  const { redirect_url: url, processor } = response.json().resource.payment;
  expect(processor).toBe('stripe');
  const session = [...stripe.sessions.values()].find((s) => s.url === url)!;
  expect(session).toBeDefined();
  return session;
}

function webhook(payload: unknown, secret?: string) {
  const { body, signature } = stripe.sign(payload, secret);
  return t.app.inject({
    method: 'POST',
    url: `${api}/payments/webhook`,
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload: body,
  });
}

const verify = async (token: string, invoiceId: number) =>
  (
    await t.app.inject({
      method: 'GET',
      url: `${api}/invoices/${invoiceId}/verify`,
      headers: bearer(token),
    })
  ).json().resource.status;

/** A workspace upgraded to premium and paid through a signed webhook. */
async function paidPremium() {
  const setup = await createWorkspace(t, { members: { member: 1 } });
  const invoice = await upgrade(setup.owner.token, setup.workspace.id);
  const session = await pay(setup.owner.token, invoice.id);
  const event = stripe.event('checkout.session.completed', stripe.complete(session.id));
  const paid = await webhook(event);
  expect(paid.json()).toEqual({ received: true, applied: true });
  return { ...setup, invoice, session, event };
}

describe('plans', () => {
  it('lists the plans with limits within the member cap; any signed-in person may read them', async () => {
    const { token } = await t.createUser();
    const response = await t.app.inject({ url: `${api}/pricing-rules`, headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    const rules = response.json().resource.pricing_rules;
    expect(rules.map((r: { payment_type: string }) => r.payment_type)).toEqual([
      'free',
      'premium',
      'enterprise',
    ]);
    for (const rule of rules) expect(rule.limits.members_per_workspace).toBeLessThanOrEqual(20);
    expect(rules[0].price).toBe(0);
    expect(rules[1].limits.features.lti).toBe(true);
    expect(rules[0].limits.features.lti).toBe(false);
    const anonymous = await t.app.inject({ url: `${api}/pricing-rules` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('the active package: members read it, outsiders get 404, a bad id 4xx', async () => {
    const { workspace, people } = await createWorkspace(t, { members: { member: 2 } });
    const member = await t.app.inject({
      url: `${api}/pricing-rules/${workspace.id}/active-package`,
      headers: bearer(people.member[0].token),
    });
    expect(member.statusCode).toBe(200);
    const active = member.json().resource.active_package;
    expect(active.pricing_rule.payment_type).toBe('free');
    expect(active.usage.members).toEqual({ used: 3, limit: 20 });
    expect(active.can_manage).toBe(false);
    const outsider = await t.createUser();
    const refused = await t.app.inject({
      url: `${api}/pricing-rules/${workspace.id}/active-package`,
      headers: bearer(outsider.token),
    });
    expect(refused.statusCode).toBe(404);
    const bad = await t.app.inject({
      url: `${api}/pricing-rules/abc/active-package`,
      headers: bearer(outsider.token),
    });
    expect(bad.statusCode).toBe(422);
  });
});

describe('upgrade requests', () => {
  it('only the owner asks; a lower plan, free, or an unknown plan is refused', async () => {
    const { workspace, people, owner } = await createWorkspace(t, { members: { admin: 1 } });
    const admin = await t.app.inject({
      method: 'POST',
      url: `${api}/pricing-rules/${workspace.id}/upgrade-request`,
      headers: bearer(people.admin[0].token),
      payload: { payment_type: 'premium' },
    });
    expect(admin.statusCode).toBe(403);
    for (const payload of [{ payment_type: 'free' }, { payment_type: 'gold' }, {}]) {
      const bad = await t.app.inject({
        method: 'POST',
        url: `${api}/pricing-rules/${workspace.id}/upgrade-request`,
        headers: bearer(owner.token),
        payload,
      });
      expect(bad.statusCode).toBe(422);
    }
    await t.db
      .update(workspaces)
      .set({ paymentType: 'enterprise' })
      .where(eq(workspaces.id, workspace.id));
    const lower = await t.app.inject({
      method: 'POST',
      url: `${api}/pricing-rules/${workspace.id}/upgrade-request`,
      headers: bearer(owner.token),
      payload: { payment_type: 'premium' },
    });
    expect(lower.statusCode).toBe(422);
  });

  it('prorates mid-period to the cent: remaining days / days in period × difference, half up', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      // 17 November: 14 of 30 days left, today counted.
      vi.setSystemTime(new Date('2026-11-17T10:00:00Z'));
      const { workspace, owner } = await createWorkspace(t);
      const premium = await upgrade(owner.token, workspace.id, 'premium');
      // 14 / 30 × 900 = 420
      expect(premium.total).toBe(420);
      await t.db
        .update(workspaces)
        .set({ paymentType: 'premium' })
        .where(eq(workspaces.id, workspace.id));
      const enterprise = await upgrade(owner.token, workspace.id, 'enterprise');
      // 14 / 30 × (2900 − 900) = 933.33… → 933
      expect(enterprise.total).toBe(933);
      const [row] = await t.db.select().from(invoices).where(eq(invoices.id, enterprise.id));
      expect(row.periodStart).toBe('2026-11-17');
      expect(row.periodEnd).toBe('2026-12-01');
      expect(row.lines).toEqual([
        {
          description: 'Upgrade Premium → Enterprise, 2026-11-17 to 2026-12-01 (14 of 30 days)',
          quantity: 1,
          unit_amount: 933,
          amount: 933,
        },
      ]);
      // The premium one waiting was replaced: asking for another plan voids it.
      const [old] = await t.db.select().from(invoices).where(eq(invoices.id, premium.id));
      expect(old.status).toBe('void');
      // 16 November 2026 with 901: 15/30 × 901 = 450.5 → 451 (half up).
    } finally {
      vi.useRealTimers();
    }
  });

  it('asking twice for the same plan returns the invoice already waiting', async () => {
    const { workspace, owner } = await createWorkspace(t);
    const first = await upgrade(owner.token, workspace.id);
    const second = await upgrade(owner.token, workspace.id);
    expect(second.id).toBe(first.id);
  });
});

describe('payments through Stripe Checkout and its webhook', () => {
  it('pay makes a Checkout Session; the browser coming back does not pay; the webhook does', async () => {
    const { workspace, owner, people } = await createWorkspace(t, { members: { member: 1 } });
    const invoice = await upgrade(owner.token, workspace.id);
    const memberPay = await t.app.inject({
      method: 'POST',
      url: `${api}/invoices/${invoice.id}/pay`,
      headers: bearer(people.member[0].token),
    });
    expect(memberPay.statusCode).toBe(403);
    const badPay = await t.app.inject({
      method: 'POST',
      url: `${api}/invoices/0/pay`,
      headers: bearer(owner.token),
    });
    expect(badPay.statusCode).toBe(422);

    const session = await pay(owner.token, invoice.id);
    expect(session.amount_total).toBe(invoice.total);
    expect(session.metadata).toEqual({ invoice_id: String(invoice.id) });
    expect(session.success_url).toContain(
      `/payments/result/${invoice.id}?session_id=${session.id}`,
    );
    // Back from the hosted page before the webhook: still pending, still free.
    expect(await verify(owner.token, invoice.id)).toBe('pending');
    expect(await planOf(workspace.id)).toBe('free');

    const paid = await webhook(
      stripe.event('checkout.session.completed', stripe.complete(session.id)),
    );
    expect(paid.json()).toEqual({ received: true, applied: true });
    expect(await verify(owner.token, invoice.id)).toBe('paid');
    expect(await planOf(workspace.id)).toBe('premium');

    const memberVerify = await t.app.inject({
      url: `${api}/invoices/${invoice.id}/verify`,
      headers: bearer(people.member[0].token),
    });
    expect(memberVerify.statusCode).toBe(403);
    const badVerify = await t.app.inject({
      url: `${api}/invoices/x/verify`,
      headers: bearer(owner.token),
    });
    expect(badVerify.statusCode).toBe(422);
    const again = await t.app.inject({
      method: 'POST',
      url: `${api}/invoices/${invoice.id}/pay`,
      headers: bearer(owner.token),
    });
    expect(again.statusCode).toBe(409);
  });

  it('a bad, missing or foreign signature is refused and changes nothing', async () => {
    const { workspace, owner } = await createWorkspace(t);
    const invoice = await upgrade(owner.token, workspace.id);
    const session = await pay(owner.token, invoice.id);
    const event = stripe.event('checkout.session.completed', stripe.complete(session.id));
    const wrong = await webhook(event, 'whsec_someone_else');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().messages[0]).toMatch(/signature/i);
    const missing = await t.app.inject({
      method: 'POST',
      url: `${api}/payments/webhook`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(event),
    });
    expect(missing.statusCode).toBe(400);
    // A signed body changed afterwards (the amount) no longer matches its signature.
    const { body, signature } = stripe.sign(event);
    const tampered = await t.app.inject({
      method: 'POST',
      url: `${api}/payments/webhook`,
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload: body.replace(`"amount_total":${invoice.total}`, '"amount_total":1'),
    });
    expect(tampered.statusCode).toBe(400);
    expect(await verify(owner.token, invoice.id)).toBe('pending');
    expect(await planOf(workspace.id)).toBe('free');
  });

  it('a replayed event changes nothing; a failure after the success leaves it paid', async () => {
    const { workspace, owner, invoice, session, event } = await paidPremium();
    const logsBefore = await t.db
      .select()
      .from(invoiceLogs)
      .where(eq(invoiceLogs.workspaceId, workspace.id));
    const [paidRow] = await t.db.select().from(invoices).where(eq(invoices.id, invoice.id));

    // Replay: the event that paid it, delivered again (freshly signed, as Stripe retries).
    expect((await webhook(event)).json()).toEqual({ received: true, applied: false });
    expect((await webhook(event)).json()).toEqual({ received: true, applied: false });

    // Out of order: Stripe delivers a failure after the success.
    const failed = await webhook(
      stripe.event('payment_intent.payment_failed', {
        id: session.payment_intent,
        object: 'payment_intent',
        metadata: { invoice_id: String(invoice.id) },
      }),
    );
    expect(failed.json()).toEqual({ received: true, applied: false });
    const [after] = await t.db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(after.status).toBe('paid');
    expect(after.paidAt).toEqual(paidRow.paidAt);
    expect(await planOf(workspace.id)).toBe('premium');
    expect(await verify(owner.token, invoice.id)).toBe('paid');
    const logsAfter = await t.db
      .select()
      .from(invoiceLogs)
      .where(eq(invoiceLogs.workspaceId, workspace.id));
    expect(logsAfter.length).toBe(logsBefore.length);
  });

  it('a failure before any success marks the invoice failed; paying again then succeeds', async () => {
    const { workspace, owner } = await createWorkspace(t);
    const invoice = await upgrade(owner.token, workspace.id);
    await pay(owner.token, invoice.id);
    await webhook(
      stripe.event('payment_intent.payment_failed', {
        id: 'pi_x',
        object: 'payment_intent',
        metadata: { invoice_id: String(invoice.id) },
      }),
    );
    expect(await verify(owner.token, invoice.id)).toBe('failed');
    expect(await planOf(workspace.id)).toBe('free');
    const retry = await pay(owner.token, invoice.id);
    await webhook(stripe.event('checkout.session.completed', stripe.complete(retry.id)));
    expect(await verify(owner.token, invoice.id)).toBe('paid');
    expect(await planOf(workspace.id)).toBe('premium');
  });

  it('the processor says it is Stripe, configured', async () => {
    const { token } = await t.createUser();
    const response = await t.app.inject({
      url: `${api}/payments/processor`,
      headers: bearer(token),
    });
    expect(response.json().resource.processor).toEqual({ mode: 'stripe', configured: true });
  });
});

describe('the Stripe customer portal', () => {
  const portal = (token: string | undefined, workspaceId: number | string) =>
    t.app.inject({
      method: 'POST',
      url: `${api}/workspaces/${workspaceId}/billing-portal`,
      headers: token ? bearer(token) : {},
    });

  it('Checkout makes the workspace’s customer once; the owner opens the portal on it', async () => {
    const { workspace, owner, session } = await paidPremium();
    expect(session.customer).toMatch(/^cus_/);
    expect(stripe.customers.get(session.customer!)?.metadata).toEqual({
      workspace_id: String(workspace.id),
    });
    const customersBefore = stripe.customers.size;

    const active = await t.app.inject({
      url: `${api}/pricing-rules/${workspace.id}/active-package`,
      headers: bearer(owner.token),
    });
    expect(active.json().resource.active_package.billing_portal).toBe(true);

    const opened = await portal(owner.token, workspace.id);
    expect(opened.statusCode, opened.body).toBe(200);
    const made = stripe.portalSessions.at(-1)!;
    expect(opened.json().resource.portal.url).toBe(made.url);
    expect(made.url).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\/bps_/);
    expect(made.customer).toBe(session.customer);
    expect(made.return_url).toBe(
      `${t.config.APP_URL}/settings/subscriptions-payments?workspace=${workspace.id}`,
    );
    // A second payment of the same workspace reuses its customer.
    const second = await pay(
      owner.token,
      (await upgrade(owner.token, workspace.id, 'enterprise')).id,
    );
    expect(second.customer).toBe(session.customer);
    expect(stripe.customers.size).toBe(customersBefore);
  });

  it('members and admins get 403, outsiders 404, nobody signed in 401; a bad id 4xx', async () => {
    const { workspace, people } = await paidPremium();
    const admin = await createWorkspace(t, { members: { admin: 1 } });
    const before = stripe.portalSessions.length;
    expect((await portal(people.member[0].token, workspace.id)).statusCode).toBe(403);
    expect((await portal(admin.people.admin[0].token, admin.workspace.id)).statusCode).toBe(403);
    const outsider = await t.createUser();
    expect((await portal(outsider.token, workspace.id)).statusCode).toBe(404);
    expect((await portal(undefined, workspace.id)).statusCode).toBe(401);
    for (const bad of ['abc', '0', '-1', '1.5']) {
      const response = await portal(people.member[0].token, bad);
      expect(response.statusCode, bad).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, bad).toBeLessThan(500);
    }
    expect(stripe.portalSessions.length).toBe(before);
  });

  it('a free workspace that never paid has nothing to manage yet: 409, no portal offered', async () => {
    const { workspace, owner } = await createWorkspace(t);
    const active = await t.app.inject({
      url: `${api}/pricing-rules/${workspace.id}/active-package`,
      headers: bearer(owner.token),
    });
    expect(active.json().resource.active_package.billing_portal).toBe(false);
    const response = await portal(owner.token, workspace.id);
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('no_billing_customer');
    expect(response.json().messages[0]).toMatch(/\w/);
  });

  it('a paid plan set by a supervisor gets its customer when the portal first opens', async () => {
    const { workspace, owner } = await createWorkspace(t);
    await t.db
      .update(workspaces)
      .set({ paymentType: 'premium' })
      .where(eq(workspaces.id, workspace.id));
    const response = await portal(owner.token, workspace.id);
    expect(response.statusCode, response.body).toBe(200);
    const made = stripe.portalSessions.at(-1)!;
    expect(stripe.customers.get(made.customer)?.metadata.workspace_id).toBe(String(workspace.id));
  });
});

describe('plan gating on every gated route of the OpenAPI document', () => {
  type Built = { method: string; url: string; payload?: unknown };
  /** How to call each gated route for a workspace; a gated route without one fails the test. */
  const CALLS: Record<string, (workspaceId: number, userId: number) => Built> = {
    'GET /api/v2/core/workspaces/{id}/performance-users': (id) => ({
      method: 'GET',
      url: `${api}/workspaces/${id}/performance-users`,
    }),
    'POST /api/v2/core/lti/scores': (id, userId) => ({
      method: 'POST',
      url: `${api}/lti/scores`,
      payload: {
        workspace_id: id,
        user_id: userId,
        item: { type: 'task', id: 1 },
        label: 'Essay',
        score_given: 5,
        score_maximum: 10,
      },
    }),
  };

  it('a free workspace gets 403 naming the plan; once a paid webhook arrived it passes', async () => {
    const document = (await t.app.inject({ url: '/api/v2/openapi.json' })).json();
    const gated: { key: string; feature: string }[] = [];
    for (const [path, operations] of Object.entries(
      document.paths as Record<string, Record<string, Record<string, unknown>>>,
    )) {
      for (const [method, operation] of Object.entries(operations)) {
        const feature = operation[PLAN_FEATURE_EXTENSION];
        if (typeof feature === 'string')
          gated.push({ key: `${method.toUpperCase()} ${path}`, feature });
      }
    }
    expect(gated.length).toBeGreaterThanOrEqual(2);
    expect(gated.map((g) => g.key).sort()).toEqual(Object.keys(CALLS).sort());

    const setup = await createWorkspace(t, { members: { member: 1 } });
    const { workspace, owner } = setup;
    const member = setup.people.member[0];
    for (const { key } of gated) {
      const response = await t.app.inject({
        ...CALLS[key](workspace.id, member.user.id),
        headers: bearer(owner.token),
      } as never);
      expect(response.statusCode, key).toBe(403);
      expect(response.json().messages[0], key).toContain('on the Free plan');
      expect(response.json().messages[0], key).toContain('with the Premium plan');
      const vi = await t.app.inject({
        ...CALLS[key](workspace.id, member.user.id),
        headers: { ...bearer(owner.token), language: 'vi' },
      } as never);
      expect(vi.json().messages[0], key).toContain('đang dùng gói Miễn phí');
      expect(vi.json().messages[0], key).toContain('gói Premium');
    }

    const invoice = await upgrade(owner.token, workspace.id);
    const session = await pay(owner.token, invoice.id);
    await webhook(stripe.event('checkout.session.completed', stripe.complete(session.id)));
    for (const { key } of gated) {
      const response = await t.app.inject({
        ...CALLS[key](workspace.id, member.user.id),
        headers: bearer(owner.token),
      } as never);
      // Past the plan gate: what the route says next (not linked to a course, ...) is its own.
      expect(response.statusCode, `${key} ${response.body}`).not.toBe(403);
      expect(response.statusCode, key).toBeLessThan(500);
    }
  });
});

describe('invoices, logs and the PDF', () => {
  it('the PDF parses and shows the lines and the total', async () => {
    const { owner, invoice, people } = await paidPremium();
    const response = await t.app.inject({
      url: `${api}/invoices/${invoice.id}/pdf`,
      headers: bearer(owner.token),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const pdf = await getDocumentProxy(new Uint8Array(response.rawPayload));
    const { text } = await extractText(pdf, { mergePages: true });
    const [row] = await t.db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(text).toContain(row.number);
    expect(text).toContain(row.lines[0].description);
    const dollars = `$${(row.total / 100).toFixed(2)}`;
    expect(text).toContain(`Total ${dollars}`.replace(' ', ' '));
    expect(text).toContain('Paid');

    const vi = await t.app.inject({
      url: `${api}/invoices/${invoice.id}/pdf`,
      headers: { ...bearer(owner.token), language: 'vi' },
    });
    const viText = (
      await extractText(await getDocumentProxy(new Uint8Array(vi.rawPayload)), { mergePages: true })
    ).text;
    expect(viText).toContain('Hóa đơn');
    expect(viText).toContain('Tổng cộng');

    const member = await t.app.inject({
      url: `${api}/invoices/${invoice.id}/pdf`,
      headers: bearer(people.member[0].token),
    });
    expect(member.statusCode).toBe(403);
    const bad = await t.app.inject({ url: `${api}/invoices/-1/pdf`, headers: bearer(owner.token) });
    expect(bad.statusCode).toBe(422);
  });

  it('lists invoices and logs for owners; members and bad queries are refused', async () => {
    const { workspace, owner, people, invoice } = await paidPremium();
    const list = await t.app.inject({ url: `${api}/invoices`, headers: bearer(owner.token) });
    expect(list.statusCode).toBe(200);
    expect(list.json().resource.invoices.data.map((i: { id: number }) => i.id)).toEqual([
      invoice.id,
    ]);
    const logs = await t.app.inject({
      url: `${api}/invoices/logs?workspace=${workspace.id}`,
      headers: bearer(owner.token),
    });
    expect(logs.statusCode).toBe(200);
    expect(
      logs
        .json()
        .resource.logs.data.map((l: { action: string }) => l.action)
        .reverse(),
    ).toEqual(['created', 'payment_started', 'paid', 'plan_changed']);
    const mine = await t.app.inject({
      url: `${api}/invoices`,
      headers: bearer(people.member[0].token),
    });
    expect(mine.json().resource.invoices.data).toEqual([]);
    for (const url of [
      `${api}/invoices?workspace=${workspace.id}`,
      `${api}/invoices/logs?workspace=${workspace.id}`,
    ]) {
      const refused = await t.app.inject({ url, headers: bearer(people.member[0].token) });
      expect(refused.statusCode).toBe(403);
    }
    for (const url of [`${api}/invoices?per_page=0`, `${api}/invoices/logs?workspace=abc`]) {
      const bad = await t.app.inject({ url, headers: bearer(owner.token) });
      expect(bad.statusCode).toBe(422);
    }
  });

  it('the period job invoices paid plans once per period, not a period an upgrade covers', async () => {
    const upgraded = await paidPremium();
    const { workspace: comped } = await createWorkspace(t, {
      values: { paymentType: 'enterprise' },
    });
    await issuePeriodInvoices(t.app.deps);
    await issuePeriodInvoices(t.app.deps);
    const ofComped = await t.db.select().from(invoices).where(eq(invoices.workspaceId, comped.id));
    expect(ofComped).toHaveLength(1);
    expect(ofComped[0]).toMatchObject({ kind: 'period', total: 2900, status: 'open' });
    const ofUpgraded = await t.db
      .select()
      .from(invoices)
      .where(eq(invoices.workspaceId, upgraded.workspace.id));
    expect(ofUpgraded.map((i) => i.kind)).toEqual(['upgrade']);
    // Next month the upgraded workspace is billed in full.
    const next = new Date();
    next.setUTCMonth(next.getUTCMonth() + 1, 2);
    await issuePeriodInvoices(t.app.deps, next);
    const later = await t.db
      .select()
      .from(invoices)
      .where(eq(invoices.workspaceId, upgraded.workspace.id));
    expect(later.map((i) => [i.kind, i.total])).toContainEqual(['period', 900]);
  });
});

describe('payment_type in a body', () => {
  it('is refused on the workspace update, ignored on create, and the payment route is a supervisor’s', async () => {
    const { workspace, owner } = await createWorkspace(t);
    const update = await t.app.inject({
      method: 'PATCH',
      url: `${api}/workspaces/${workspace.id}`,
      headers: bearer(owner.token),
      payload: { name: 'Renamed', payment_type: 'premium' },
    });
    expect(update.statusCode).toBe(422);
    const created = await t.app.inject({
      method: 'POST',
      url: `${api}/workspaces`,
      headers: bearer(owner.token),
      payload: { name: 'New one', workspace_type: 'general', payment_type: 'enterprise' },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().resource.pricing_rule.payment_type).toBe('free');

    const byOwner = await t.app.inject({
      method: 'PATCH',
      url: `${api}/workspaces/${workspace.id}/payment`,
      headers: bearer(owner.token),
      payload: { payment_type: 'premium' },
    });
    expect(byOwner.statusCode).toBe(403);
    expect(await planOf(workspace.id)).toBe('free');

    const supervisor = await t.createUser({ role: 'supervisor' });
    const bad = await t.app.inject({
      method: 'PATCH',
      url: `${api}/workspaces/${workspace.id}/payment`,
      headers: bearer(supervisor.token),
      payload: { payment_type: 'gold' },
    });
    expect(bad.statusCode).toBe(422);
    const set = await t.app.inject({
      method: 'PATCH',
      url: `${api}/workspaces/${workspace.id}/payment`,
      headers: bearer(supervisor.token),
      payload: { payment_type: 'premium' },
    });
    expect(set.statusCode).toBe(200);
    expect(set.json().resource.active_package.pricing_rule.payment_type).toBe('premium');
    expect(await planOf(workspace.id)).toBe('premium');
  });
});

describe('the drive capacity follows the plan', () => {
  it('a member of a premium workspace may store 5 GB', async () => {
    const { people } = await paidPremium();
    const response = await t.app.inject({
      url: `${api}/drive/user-capacity`,
      headers: bearer(people.member[0].token),
    });
    expect(response.json().resource.total).toBe(5 * 1024 * 1_048_576);
  });
});

describe('the local test processor (no Stripe key)', () => {
  let local: TestApp;
  beforeAll(async () => {
    local = await createTestApp();
  });
  afterAll(() => local.close());

  it('says so, and pays or fails through the signed-webhook path', async () => {
    const { token } = await local.createUser();
    const status = await local.app.inject({
      url: `${api}/payments/processor`,
      headers: bearer(token),
    });
    expect(status.json().resource.processor).toEqual({ mode: 'local', configured: false });

    const { workspace, owner } = await createWorkspace(local);
    const requested = await local.app.inject({
      method: 'POST',
      url: `${api}/pricing-rules/${workspace.id}/upgrade-request`,
      headers: bearer(owner.token),
      payload: { payment_type: 'premium' },
    });
    const invoiceId = requested.json().resource.invoice.id;
    const start = async () =>
      (
        await local.app.inject({
          method: 'POST',
          url: `${api}/invoices/${invoiceId}/pay`,
          headers: bearer(owner.token),
        })
      ).json().resource.payment;
    const first = await start();
    expect(first.processor).toBe('local');
    const path = new URL(first.redirect_url).pathname;
    const page = await local.app.inject({ url: path });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('TEST PROCESSOR');
    expect(page.body).toContain('Simulate a successful payment');

    const fail = await local.app.inject({
      method: 'POST',
      url: `${path}/complete`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'outcome=failed',
    });
    expect(fail.statusCode).toBe(303);
    expect(fail.headers.location).toBe(`${local.config.APP_URL}/payments/result/${invoiceId}`);
    const verifyLocal = async () =>
      (
        await local.app.inject({
          url: `${api}/invoices/${invoiceId}/verify`,
          headers: bearer(owner.token),
        })
      ).json().resource.status;
    expect(await verifyLocal()).toBe('failed');

    const second = await start();
    const secondPath = new URL(second.redirect_url).pathname;
    const badOutcome = await local.app.inject({
      method: 'POST',
      url: `${secondPath}/complete`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'outcome=maybe',
    });
    expect(badOutcome.statusCode).toBe(422);
    const payIt = await local.app.inject({
      method: 'POST',
      url: `${secondPath}/complete`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'outcome=succeeded',
    });
    expect(payIt.statusCode).toBe(303);
    expect(await verifyLocal()).toBe('paid');
    const [row] = await local.db.select().from(workspaces).where(eq(workspaces.id, workspace.id));
    expect(row.paymentType).toBe('premium');

    // The local processor has no customer portal: said, never faked.
    const portal = await local.app.inject({
      method: 'POST',
      url: `${api}/workspaces/${workspace.id}/billing-portal`,
      headers: bearer(owner.token),
    });
    expect(portal.statusCode).toBe(409);
    expect(portal.json().code).toBe('not_configured');
    const active = await local.app.inject({
      url: `${api}/pricing-rules/${workspace.id}/active-package`,
      headers: bearer(owner.token),
    });
    expect(active.json().resource.active_package.billing_portal).toBe(false);

    const unknown = await local.app.inject({ url: `${api}/payments/local/lcs_0000000000000000` });
    expect(unknown.statusCode).toBe(404);
    // Its events are signed with its own secret: unsigned ones are refused here too.
    const unsigned = await local.app.inject({
      method: 'POST',
      url: `${api}/payments/webhook`,
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
      payload: '{}',
    });
    expect(unsigned.statusCode).toBe(400);
  });
});
