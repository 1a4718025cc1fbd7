import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ActivePackage, ProcessorMode } from './api';
import { BillingPortal } from './components/BillingPortal';

const state = vi.hoisted(() => ({
  mode: 'stripe' as ProcessorMode | undefined,
  mutate: vi.fn(),
}));
vi.mock('./hooks', () => ({
  useProcessor: () => ({ data: state.mode ? { mode: state.mode, configured: true } : undefined }),
  useBillingPortal: () => ({ mutate: state.mutate, isPending: false, error: null }),
}));

const active = (over: Partial<ActivePackage> = {}) =>
  ({ workspace_id: 7, can_manage: true, billing_portal: true, ...over }) as ActivePackage;

function show(pkg: ActivePackage) {
  render(
    <FluentProvider theme={webLightTheme}>
      <BillingPortal active={pkg} />
    </FluentProvider>,
  );
}

describe('the customer portal on the subscriptions page', () => {
  afterEach(cleanup);

  it('with Stripe and a customer: a button that opens the portal for that workspace', () => {
    state.mode = 'stripe';
    show(active());
    fireEvent.click(screen.getByRole('button', { name: 'billing:settings.portal.open' }));
    expect(state.mutate).toHaveBeenCalledWith(7);
  });

  it('with the local test processor: no button, it says the portal needs Stripe', () => {
    state.mode = 'local';
    show(active({ billing_portal: false }));
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByTestId('billing-portal').textContent).toBe(
      'billing:settings.portal.needs_stripe',
    );
  });

  it('before the first payment it says when it comes; nothing for those who do not manage billing or without a processor', () => {
    state.mode = 'stripe';
    show(active({ billing_portal: false }));
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByTestId('billing-portal').dataset.state).toBe('later');
    cleanup();
    show(active({ can_manage: false }));
    expect(screen.queryByTestId('billing-portal')).toBeNull();
    cleanup();
    state.mode = 'off';
    show(active());
    expect(screen.queryByTestId('billing-portal')).toBeNull();
  });
});
