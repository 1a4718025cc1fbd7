import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A local stand-in for the part of Stripe's REST API the app uses: `POST /v1/customers`,
 * `POST /v1/checkout/sessions` (form-encoded, bracketed keys, bearer secret key),
 * `GET /v1/checkout/sessions/:id` and `POST /v1/billing_portal/sessions` (the customer portal:
 * `customer` required, `return_url`, answers a `billing_portal.session` with its `url`); and
 * Stripe's side of webhooks: `send(event)` posts a JSON event signed with the webhook secret
 * (`stripe.webhooks.generateTestHeaderString`, the SDK's own signing) to the app's endpoint.
 */
const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString()));
    request.on('end', () => resolve(text));
  });

/** `a[b][0][c]=1` form fields as a nested object (arrays for numeric keys). */
function unflatten(form: URLSearchParams): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of form) {
    const parts = key.replace(/\]/g, '').split('[');
    let node: Record<string, unknown> = root;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Record<string, unknown>;
    });
  }
  return root;
}

export interface StandInSession {
  id: string;
  object: 'checkout.session';
  url: string;
  mode: string;
  payment_status: 'unpaid' | 'paid';
  status: 'open' | 'complete';
  amount_total: number;
  currency: string;
  metadata: Record<string, string>;
  customer: string | null;
  client_reference_id: string | null;
  success_url: string;
  cancel_url: string;
  payment_intent: string;
}

export interface StandInCustomer {
  id: string;
  object: 'customer';
  name: string | null;
  email: string | null;
  metadata: Record<string, string>;
}

export interface StandInPortalSession {
  id: string;
  object: 'billing_portal.session';
  configuration: string;
  created: number;
  customer: string;
  flow: null;
  livemode: false;
  locale: string | null;
  on_behalf_of: null;
  return_url: string | null;
  url: string;
}

export async function startStripeStandIn(options: { secretKey: string; webhookSecret: string }) {
  const sessions = new Map<string, StandInSession>();
  const customers = new Map<string, StandInCustomer>();
  const portalSessions: StandInPortalSession[] = [];
  /** Idempotency-Key → the customer made with it (Stripe answers a retry with the same object). */
  const idempotent = new Map<string, StandInCustomer>();
  const requests: { method: string; path: string; body: Record<string, unknown> }[] = [];
  const sdk = new Stripe(options.secretKey);
  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const text = await readBody(request);
    const json = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (request.headers.authorization !== `Bearer ${options.secretKey}`) {
      return json(401, {
        error: { type: 'invalid_request_error', message: 'Invalid API Key provided' },
      });
    }
    const body = unflatten(new URLSearchParams(text));
    requests.push({ method: request.method ?? '', path: url.pathname, body });
    const missing = (param: string) =>
      json(400, {
        error: {
          type: 'invalid_request_error',
          code: 'parameter_missing',
          param,
          message: `Missing required param: ${param}.`,
        },
      });
    const noSuchCustomer = (id: string) =>
      json(400, {
        error: {
          type: 'invalid_request_error',
          code: 'resource_missing',
          param: 'customer',
          message: `No such customer: '${id}'`,
        },
      });
    if (request.method === 'POST' && url.pathname === '/v1/customers') {
      const key = request.headers['idempotency-key'];
      const again = typeof key === 'string' ? idempotent.get(key) : undefined;
      if (again) return json(200, again);
      const customer: StandInCustomer = {
        id: `cus_${randomBytes(7).toString('hex')}`,
        object: 'customer',
        name: (body.name as string) ?? null,
        email: (body.email as string) ?? null,
        metadata: (body.metadata ?? {}) as Record<string, string>,
      };
      customers.set(customer.id, customer);
      if (typeof key === 'string') idempotent.set(key, customer);
      return json(200, customer);
    }
    if (request.method === 'POST' && url.pathname === '/v1/billing_portal/sessions') {
      const customer = body.customer;
      if (typeof customer !== 'string' || !customer) return missing('customer');
      if (!customers.has(customer)) return noSuchCustomer(customer);
      const id = `bps_${randomBytes(12).toString('hex')}`;
      const portal: StandInPortalSession = {
        id,
        object: 'billing_portal.session',
        configuration: 'bpc_standin_default',
        created: Math.floor(Date.now() / 1000),
        customer,
        flow: null,
        livemode: false,
        locale: (body.locale as string) ?? null,
        on_behalf_of: null,
        return_url: (body.return_url as string) ?? null,
        url: `https://billing.stripe.test/p/session/${id}`,
      };
      portalSessions.push(portal);
      return json(200, portal);
    }
    if (request.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      if (typeof body.customer === 'string' && !customers.has(body.customer)) {
        return noSuchCustomer(body.customer);
      }
      const items = (body.line_items ?? {}) as Record<
        string,
        { quantity: string; price_data: { currency: string; unit_amount: string } }
      >;
      const lines = Object.values(items);
      if (lines.length === 0 || !body.success_url) {
        return json(400, {
          error: { type: 'invalid_request_error', message: 'Missing required param: line_items.' },
        });
      }
      const id = `cs_test_${randomBytes(12).toString('hex')}`;
      const session: StandInSession = {
        id,
        object: 'checkout.session',
        url: `https://checkout.stripe.test/c/pay/${id}`,
        mode: String(body.mode),
        payment_status: 'unpaid',
        status: 'open',
        amount_total: lines.reduce(
          (sum, l) => sum + Number(l.price_data.unit_amount) * Number(l.quantity),
          0,
        ),
        currency: lines[0].price_data.currency,
        metadata: (body.metadata ?? {}) as Record<string, string>,
        customer: (body.customer as string) ?? null,
        client_reference_id: (body.client_reference_id as string) ?? null,
        success_url: String(body.success_url).replace('{CHECKOUT_SESSION_ID}', id),
        cancel_url: String(body.cancel_url),
        payment_intent: `pi_test_${randomBytes(8).toString('hex')}`,
      };
      sessions.set(id, session);
      return json(200, session);
    }
    const match = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(url.pathname);
    if (request.method === 'GET' && match) {
      const session = sessions.get(match[1]);
      return session
        ? json(200, session)
        : json(404, { error: { type: 'invalid_request_error', message: 'No such session' } });
    }
    return json(404, { error: { type: 'invalid_request_error', message: 'Unrecognized request' } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  /** A Stripe event around `object`, as Stripe sends it. */
  const event = (type: string, object: unknown, id = `evt_${randomBytes(12).toString('hex')}`) => ({
    id,
    object: 'event',
    api_version: '2025-01-01',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    type,
    data: { object },
  });

  return {
    url: `http://127.0.0.1:${port}`,
    sessions,
    customers,
    portalSessions,
    requests,
    event,
    /** The body and the Stripe-Signature header of an event (a wrong secret signs it badly). */
    sign(payload: unknown, secret = options.webhookSecret) {
      const body = JSON.stringify(payload);
      return { body, signature: sdk.webhooks.generateTestHeaderString({ payload: body, secret }) };
    },
    /** The session after the card was taken (what Stripe puts in checkout.session.completed). */
    complete(id: string) {
      const session = sessions.get(id);
      if (!session) throw new Error(`no session ${id}`);
      session.payment_status = 'paid';
      session.status = 'complete';
      return session;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
