import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { AxiosError, AxiosHeaders } from 'axios';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createHttpClient } from '@/lib/http-client';
import type { Notice } from '@/lib/notify';
import { PLAN_REQUIRED_CODE } from '@/lib/plan-gate';
import type { PricingRule } from './api';
import { PlanCards } from './components/PlanCards';
import { formatMoney, formatPeriod, shareOf } from './money';

const features = (on: boolean) => ({
  okrs: on,
  assessments: on,
  recruit: on,
  lti: on,
  calendar_sync: on,
  performance_users: on,
});

const plan = (
  id: number,
  payment_type: PricingRule['payment_type'],
  price: number,
): PricingRule => ({
  id,
  payment_type,
  name: payment_type[0]!.toUpperCase() + payment_type.slice(1),
  price,
  currency: 'USD',
  interval: 'month',
  limits: {
    members_per_workspace: 5 * id,
    drive_capacity_mb: 1024 * id,
    features: features(payment_type !== 'free'),
  },
});

const PLANS = [plan(1, 'free', 0), plan(2, 'premium', 1900), plan(3, 'enterprise', 4900)];

function renderCards(props: Partial<Parameters<typeof PlanCards>[0]> = {}) {
  const onUpgrade = vi.fn();
  render(
    <FluentProvider theme={webLightTheme}>
      <PlanCards plans={PLANS} current="free" canManage canPay onUpgrade={onUpgrade} {...props} />
    </FluentProvider>,
  );
  return onUpgrade;
}

describe('billing', () => {
  afterEach(cleanup);

  it('offers an upgrade to each higher plan only, and asks for the one chosen', () => {
    const onUpgrade = renderCards({ current: 'premium' });
    const buttons = screen.getAllByRole('button', { name: 'billing:settings.plans.upgrade' });
    expect(buttons).toHaveLength(1);
    expect(screen.getByTestId('billing-plan-enterprise').contains(buttons[0]!)).toBe(true);
    fireEvent.click(buttons[0]!);
    expect(onUpgrade).toHaveBeenCalledWith('enterprise');
    expect(screen.getByTestId('billing-plan-premium').textContent).toContain(
      'billing:settings.plans.current',
    );
  });

  it('shows no upgrade to someone who does not manage the workspace, none clickable without a processor', () => {
    renderCards({ canManage: false });
    expect(screen.queryAllByRole('button')).toHaveLength(0);
    cleanup();
    renderCards({ canPay: false });
    const buttons = screen.getAllByRole('button', { name: 'billing:settings.plans.upgrade' });
    expect(buttons).toHaveLength(2);
    for (const button of buttons) expect((button as HTMLButtonElement).disabled).toBe(true);
  });

  it('says which features each plan has, in words a screen reader reads too', () => {
    renderCards();
    const free = screen.getByTestId('billing-plan-free').textContent ?? '';
    expect(free).toContain('billing:settings.features.okrs billing:settings.plans.not_included');
    const premium = screen.getByTestId('billing-plan-premium').textContent ?? '';
    expect(premium).toContain('billing:settings.features.okrs billing:settings.plans.included');
  });

  it('reads amounts in minor units, periods with an exclusive end, and caps bars at full', () => {
    expect(formatMoney(1234, 'USD')).toBe('$12.34');
    expect(formatMoney(50000, 'VND')).toContain('50,000');
    expect(formatPeriod({ start: '2026-11-01', end: '2026-12-01' }).end).toBe('November 30, 2026');
    expect(shareOf(3, 20)).toBe(0.15);
    expect(shareOf(25, 20)).toBe(1);
    expect(shareOf(1, 0)).toBe(1);
  });

  it('turns a refusal naming a plan into a toast that leads to the plans', async () => {
    const notices: Notice[] = [];
    const client = createHttpClient({
      getToken: () => 'token',
      setToken: vi.fn(),
      language: () => 'en',
      notify: (notice) => notices.push(notice),
      translate: (key) => `translated ${key}`,
      sessionExpired: vi.fn(),
      now: () => 0,
      beginLoading: () => vi.fn(),
      setServerReachable: vi.fn(),
      logError: vi.fn(),
    });
    client.defaults.adapter = async (config) => {
      const code = config.url === 'gated' ? PLAN_REQUIRED_CODE : 'forbidden';
      const response = {
        data: { messages: [`no ${config.url}`], code },
        status: 403,
        statusText: '',
        headers: new AxiosHeaders(),
        config,
      };
      throw new AxiosError('refused', 'ERR_BAD_REQUEST', config, undefined, response);
    };
    await expect(client.get('gated')).rejects.toThrow();
    await expect(client.get('other')).rejects.toThrow();
    expect(notices).toEqual([
      expect.objectContaining({
        text: 'no gated',
        link: {
          to: '/settings/subscriptions-payments',
          label: 'translated app:plan_gate.see_plans',
        },
      }),
      expect.not.objectContaining({ link: expect.anything() }),
    ]);
  });
});
