import type { FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope, idParam } from '@contracts/common';
import {
  activePackageResource,
  billingPortalAnswer,
  invoiceList,
  invoiceListQuery,
  invoiceLogList,
  invoiceLogQuery,
  localCompleteBody,
  localSessionParam,
  payAnswer,
  pricingRuleList,
  processorStatus as processorStatusSchema,
  supervisorPlanBody,
  upgradeRequestBody,
  upgradeRequestResult,
  verifyAnswer,
  webhookAnswer,
} from '@contracts/billing';
import { actorOf } from '../../core/workspace-access';
import { ok } from '../../http/envelope';
import { operationRoutes } from '../../http/operation-routes';
import type { App } from '../../http/types';
import { translator, type Language } from '../../i18n';
import { openBillingPortal } from './operations/customers';
import { invoicePdf, money } from './operations/invoice-pdf';
import { listInvoiceLogs, listInvoices } from './operations/invoices';
import {
  completeLocalSession,
  localSession,
  payInvoice,
  processorStatus,
  receiveWebhook,
  verifyInvoice,
} from './operations/payments';
import {
  issuePeriodInvoices,
  listPricingRules,
  requestUpgrade,
  setPlanBySupervisor,
  showActivePackage,
} from './operations/plans';

const tags = ['billing'];
const HOUR_MS = 3_600_000;
const publicRoute = { public: true } as const;
const workspaceIdParam = idParam;

/** Plans, invoices and payments (spec 7.2, 7.10; issue 33) under /core. */
export default async function billingRoutes(app: App) {
  const { deps } = app;
  const route = operationRoutes(app, tags);

  app.addHook(
    'onReady',
    deps.jobs.every('billing_periods', HOUR_MS, async () => {
      await issuePeriodInvoices(deps);
    }),
  );

  route.get(
    '/pricing-rules',
    { summary: 'The plans and their limits', answer: pricingRuleList },
    async (actor) => listPricingRules(deps, actor),
  );

  route.get(
    '/pricing-rules/:id/active-package',
    {
      summary: 'A workspace’s plan, period and usage (`:id` is the workspace)',
      params: workspaceIdParam,
      answer: activePackageResource,
    },
    (actor, request) => showActivePackage(deps, actor, request.params.id),
  );

  route.post(
    '/pricing-rules/:id/upgrade-request',
    {
      summary: 'The prorated invoice that moves a workspace to a higher plan once paid',
      params: workspaceIdParam,
      body: upgradeRequestBody,
      answer: upgradeRequestResult,
      status: 201,
    },
    (actor, request) =>
      requestUpgrade(deps, actor, {
        workspaceId: request.params.id,
        body: request.body,
        lang: request.lang,
      }),
  );

  route.patch(
    '/workspaces/:id/payment',
    {
      summary: 'Supervisors only: puts a workspace on a plan without payment',
      params: workspaceIdParam,
      body: supervisorPlanBody,
      answer: activePackageResource,
    },
    (actor, request) =>
      setPlanBySupervisor(deps, actor, {
        workspaceId: request.params.id,
        paymentType: request.body.payment_type,
      }),
  );

  route.post(
    '/workspaces/:id/billing-portal',
    {
      summary:
        'Stripe’s customer portal for a workspace (payment methods, billing details): send the browser to resource.portal.url',
      params: workspaceIdParam,
      answer: billingPortalAnswer,
    },
    (actor, request) => openBillingPortal(deps, actor, request.params.id),
  );

  route.get(
    '/invoices',
    {
      summary: 'Invoices of one workspace, or of every workspace the caller owns',
      querystring: invoiceListQuery,
      answer: invoiceList,
    },
    (actor, request) => listInvoices(deps, actor, request.query),
  );

  route.get(
    '/invoices/logs',
    {
      summary: 'What happened to invoices and plans, newest first',
      querystring: invoiceLogQuery,
      answer: invoiceLogList,
    },
    (actor, request) => listInvoiceLogs(deps, actor, request.query),
  );

  app.get(
    '/invoices/:id/pdf',
    { schema: { tags, summary: 'The invoice as a PDF', params: idParam } },
    async (request, reply) => {
      const pdf = await invoicePdf(deps, actorOf(request), {
        id: request.params.id,
        lang: request.lang,
      });
      return reply
        .type('application/pdf')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="${pdf.name}"`)
        .send(pdf.bytes);
    },
  );

  route.post(
    '/invoices/:id/pay',
    {
      summary: 'Starts a card payment: send the browser to resource.payment.redirect_url',
      params: idParam,
      answer: payAnswer,
    },
    (actor, request) => payInvoice(deps, actor, request.params.id),
  );

  route.get(
    '/invoices/:id/verify',
    {
      summary: 'The invoice’s payment status (pending until the processor’s webhook)',
      params: idParam,
      answer: verifyAnswer,
    },
    (actor, request) => verifyInvoice(deps, actor, request.params.id),
  );

  app.get(
    '/payments/processor',
    {
      schema: {
        tags,
        summary: 'Which card processor is configured (stripe, the local test processor, or off)',
        response: { 200: envelope(processorStatusSchema) },
      },
    },
    async () => ok(processorStatus(deps)),
  );

  // The webhook is verified on its raw bytes: JSON is not parsed in this scope.
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    scope.post(
      '/payments/webhook',
      {
        schema: {
          tags,
          summary: 'Stripe’s signed events (Stripe-Signature), applied once per event id',
          response: { 200: webhookAnswer },
        },
        config: publicRoute,
      },
      async (request) => {
        const signature = request.headers['stripe-signature'];
        return receiveWebhook(deps, {
          raw: Buffer.isBuffer(request.body) ? request.body : Buffer.from(''),
          signature: typeof signature === 'string' ? signature : undefined,
        });
      },
    );
  });

  // ---- The local test processor (no Stripe key; refused in production) ----
  await app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );

    scope.get(
      '/payments/local/:session',
      {
        schema: { tags, summary: 'The local test processor’s page', params: localSessionParam },
        config: publicRoute,
      },
      async (request, reply) => {
        const { invoice, name } = await localSession(deps, request.params.session);
        return sendLocalPage(reply, request.lang, {
          session: request.params.session,
          number: invoice.number,
          workspace: name,
          amount: money(invoice.total, invoice.currency, request.lang),
          status: invoice.status === 'open' || invoice.status === 'failed' ? null : invoice.status,
        });
      },
    );

    scope.post(
      '/payments/local/:session/complete',
      {
        schema: {
          tags,
          summary:
            'The local test processor pays or fails (a signed event through the webhook path)',
          params: localSessionParam,
          body: localCompleteBody,
        },
        config: publicRoute,
      },
      async (request, reply) => {
        const { invoiceId } = await completeLocalSession(deps, {
          sessionId: request.params.session,
          outcome: request.body.outcome,
        });
        return reply.redirect(`${deps.config.APP_URL}/payments/result/${invoiceId}`, 303);
      },
    );
  });
}

const escape = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function sendLocalPage(
  reply: FastifyReply,
  lang: Language,
  page: {
    session: string;
    number: string;
    workspace: string;
    amount: string;
    status: string | null;
  },
) {
  const t = translator(lang);
  const action = `/api/v2/core/payments/local/${encodeURIComponent(page.session)}/complete`;
  const button = (outcome: string, label: string) =>
    `<form method="post" action="${action}"><input type="hidden" name="outcome" value="${outcome}"><button type="submit">${escape(label)}</button></form>`;
  const body = page.status
    ? `<p>${escape(t('billing:local.already', { status: t(`billing:invoice.statuses.${page.status}`) }))}</p>`
    : button('succeeded', t('billing:local.pay')) + button('failed', t('billing:local.fail'));
  const html = `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escape(t('billing:local.title'))}</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem}.banner{background:#fff4ce;border:2px solid #b58900;padding:1rem;font-weight:600}form{display:inline-block;margin:1rem 1rem 0 0}button{font-size:1rem;padding:.6rem 1rem}</style></head>
<body><h1>${escape(t('billing:local.title'))}</h1><p class="banner" role="alert">${escape(t('billing:local.banner'))}</p>
<p>${escape(t('billing:local.invoice', { number: page.number, workspace: page.workspace }))}</p><p>${escape(t('billing:local.amount', { amount: page.amount }))}</p>${body}</body></html>`;
  return reply
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header(
      'content-security-policy',
      "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'",
    )
    .send(html);
}
