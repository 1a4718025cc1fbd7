import { createHmac } from 'node:crypto';
import Stripe from 'stripe';
import type { ProcessorMode } from '@contracts/billing';
import type { SigningKey, SigningKeys } from '../../auth/signing-keys';
import type { AppConfig } from '../../config';

/**
 * The card processor (issue 33): Stripe Checkout (hosted card fields: card numbers never touch
 * our servers) with STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET; without the key, the local test
 * processor (never in production). Both sign their webhooks the way Stripe does, and both are
 * read by the same `stripe.webhooks.constructEvent`. docs/decisions/billing.md.
 */
type BillingConfig = Pick<
  AppConfig,
  'NODE_ENV' | 'STRIPE_SECRET_KEY' | 'STRIPE_WEBHOOK_SECRET' | 'STRIPE_API_URL'
>;

export type StripeEvent = ReturnType<Stripe['webhooks']['constructEvent']>;

export function processorMode(config: BillingConfig): ProcessorMode {
  if (config.STRIPE_SECRET_KEY) return 'stripe';
  return config.NODE_ENV === 'production' ? 'off' : 'local';
}

/** Stripe is configured only with both the key and the webhook secret. */
export const processorConfigured = (config: BillingConfig) =>
  processorMode(config) === 'stripe' ? Boolean(config.STRIPE_WEBHOOK_SECRET) : false;

const clients = new Map<string, Stripe>();

/** The SDK pointed at STRIPE_API_URL (api.stripe.com, or a local stand-in in tests). */
export function stripeClient(config: BillingConfig): Stripe {
  const key = config.STRIPE_SECRET_KEY ?? 'sk_local_processor_makes_no_calls';
  const cacheKey = `${key} ${config.STRIPE_API_URL}`;
  let client = clients.get(cacheKey);
  if (!client) {
    const url = new URL(config.STRIPE_API_URL);
    const protocol = url.protocol === 'http:' ? 'http' : 'https';
    client = new Stripe(key, {
      host: url.hostname,
      port: url.port || (protocol === 'http' ? 80 : 443),
      protocol,
      maxNetworkRetries: 1,
      timeout: 20_000,
      telemetry: false,
    });
    clients.set(cacheKey, client);
  }
  return client;
}

/**
 * The secret the local processor signs its events with: derived from the server's signing key,
 * so every process of one installation agrees on it and nobody outside knows it.
 */
export const localWebhookSecret = (key: SigningKey) =>
  `whsec_local_${createHmac('sha256', key.secret).update('local-payment-processor').digest('hex')}`;

/**
 * The secrets a webhook may be signed with in the current mode, the one to sign with first
 * (the local processor's follow the key ring: an event signed before a rotation still counts);
 * empty: none accepted.
 */
export async function webhookSecrets(config: BillingConfig, keys: SigningKeys): Promise<string[]> {
  const mode = processorMode(config);
  if (mode === 'stripe') return config.STRIPE_WEBHOOK_SECRET ? [config.STRIPE_WEBHOOK_SECRET] : [];
  if (mode !== 'local') return [];
  const current = keys.current();
  const others = (await keys.candidates(undefined)).filter((key) => key.kid !== current.kid);
  return [current, ...others].map(localWebhookSecret);
}
