import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Invoice, PaymentStatus } from './api';
import PaymentResultPage from './pages/PaymentResultPage';
import { withoutAnimations } from '@/testing/no-animations';

const invoice: Invoice = {
  id: 7,
  number: 'TL-2026-000007',
  workspace: { id: 3, name: 'Design studio' },
  kind: 'upgrade',
  payment_type: 'premium',
  period: { start: '2026-11-01', end: '2026-12-01' },
  lines: [{ description: 'Upgrade', quantity: 1, unit_amount: 450, amount: 450 }],
  subtotal: 450,
  total: 450,
  currency: 'USD',
  status: 'open',
  created_at: '2026-11-16T10:00:00Z',
  paid_at: null,
  pdf_url: '/api/v2/core/invoices/7/pdf',
};

const answers: PaymentStatus[] = [];
const verify = vi.fn(async () => {
  const status = answers.length > 1 ? answers.shift()! : answers[0]!;
  return { status, invoice: { ...invoice, status: status === 'pending' ? 'open' : status } };
});

// The message bar loads lazily: here it is plain words, there at once.
vi.mock('@/components/InlineMessage', () => ({
  InlineMessage: ({ title, children }: { title?: string; children: React.ReactNode }) => (
    <div role="status">
      {title} {children}
    </div>
  ),
}));

vi.mock('./api', async (original) => ({
  ...(await original<typeof import('./api')>()),
  billingApi: {
    verify: () => verify(),
    processor: async () => ({ configured: false, mode: 'local' }),
    plans: async () => [],
    activePackage: async () => ({
      workspace_id: 3,
      pricing_rule: {
        id: 2,
        payment_type: 'premium',
        name: 'Premium',
        price: 900,
        currency: 'USD',
        interval: 'month',
        limits: { members_per_workspace: 20, drive_capacity_mb: 5120, features: {} },
      },
      period: invoice.period,
      usage: { members: { used: 1, limit: 20 } },
      pending_invoice: null,
      can_manage: true,
    }),
  },
}));

function renderResult(path: string) {
  const router = createMemoryRouter(
    [{ path: '/payments/result/:id?', Component: PaymentResultPage }],
    { initialEntries: [path] },
  );
  render(
    <FluentProvider theme={webLightTheme}>
      <QueryClientProvider client={new QueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </FluentProvider>,
  );
}

const status = () => screen.getByTestId('payment-result').getAttribute('data-status');

describe('the payment result page', () => {
  withoutAnimations();
  afterEach(() => {
    cleanup();
    answers.length = 0;
    verify.mockClear();
  });

  it('waits with a progress bar while the webhook has not arrived, then shows the new plan', async () => {
    answers.push('pending', 'paid');
    renderResult('/payments/result/7');
    await waitFor(() => expect(status()).toBe('pending'));
    expect(screen.getByRole('progressbar')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('billing:page.test_mode.title');
    await waitFor(() => expect(status()).toBe('paid'), { timeout: 6000 });
    const plan = await screen.findByTestId('payment-new-plan');
    expect(plan.getAttribute('data-plan')).toBe('premium');
    expect(verify).toHaveBeenCalledTimes(2);
  });

  it('offers another try after a failed payment', async () => {
    answers.push('failed');
    renderResult('/payments/result/7');
    await waitFor(() => expect(status()).toBe('failed'));
    expect(screen.getByRole('button', { name: 'billing:result.try_again' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'billing:result.back' }).getAttribute('href')).toBe(
      '/settings/subscriptions-payments?workspace=3',
    );
  });

  it('does not wait for a payment the person cancelled', async () => {
    answers.push('pending');
    renderResult('/payments/result/7?cancelled=1');
    await waitFor(() => expect(status()).toBe('cancelled'));
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(verify).toHaveBeenCalledTimes(1);
  });

  it('says when there is no payment to show', () => {
    renderResult('/payments/result');
    expect(screen.getByText('billing:result.none.title')).toBeTruthy();
    expect(verify).not.toHaveBeenCalled();
  });
});
