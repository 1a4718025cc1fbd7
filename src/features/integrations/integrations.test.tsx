import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ZoomAccount } from '@contracts/notifications';
import { integrationsApi } from './api';
import IntegrationsPage, { teamsAppLink } from './IntegrationsPage';
import { withoutAnimations } from '@/testing/no-animations';
import { renderInApp } from '@/testing/render-in-app';

vi.mock('./api', () => ({
  integrationKeys: {
    all: ['integrations'],
    plugins: ['integrations', 'lti-plugins'],
    meetings: ['integrations', 'meeting-options'],
    zoom: ['integrations', 'zoom-account'],
    plans: ['integrations', 'plans'],
  },
  integrationsApi: {
    plugins: vi.fn(),
    meetingOptions: vi.fn(),
    zoomAccount: vi.fn(),
    zoomLogin: vi.fn(),
    zoomDisconnect: vi.fn(),
    plans: vi.fn(),
  },
}));
vi.mock('@/features/calendar', () => ({ CalendarConnections: () => null }));
vi.mock('@tabs/host', () => ({ useHostState: () => ({ mode: 'browser' }) }));

const mocked = vi.mocked(integrationsApi);

function show(zoom: ZoomAccount, teamsAppId: string | null, url = '/settings/integrations') {
  mocked.plugins.mockResolvedValue({ plugins: [] } as never);
  mocked.plans.mockResolvedValue([]);
  mocked.meetingOptions.mockResolvedValue({
    zoom: zoom.status === 'connected',
    teams_app_id: teamsAppId,
  });
  mocked.zoomAccount.mockResolvedValue(zoom);
  renderInApp(<IntegrationsPage />, url);
}

const zoomCard = () => screen.getByTestId('integration-zoom');

/** The confirmation dialog loads its code when first opened: roomy on a busy machine. */
const SLOW = { timeout: 10_000 };

// A test waits for several of those in turn: its own limit is roomier than each wait.
describe('the integrations page', { timeout: 30_000 }, () => {
  withoutAnimations();
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
  });

  it('links to the Teams app by its id in a browser; without an id, says how to find it', async () => {
    show({ status: 'not_configured', connected_at: null, server_wide: false }, 'app-123');
    const add = await screen.findByRole('link', { name: 'billing:integrations.teams.add' });
    expect(add.getAttribute('href')).toBe('https://teams.microsoft.com/l/app/app-123');
    expect(add.getAttribute('target')).toBe('_blank');
    expect(teamsAppLink('a b')).toBe('https://teams.microsoft.com/l/app/a%20b');
    cleanup();
    show({ status: 'not_configured', connected_at: null, server_wide: false }, null);
    expect(await screen.findByText('billing:integrations.teams.how_search')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'billing:integrations.teams.add' })).toBeNull();
  });

  it('Zoom not configured: says so, with nothing to connect', async () => {
    show({ status: 'not_configured', connected_at: null, server_wide: false }, null);
    await waitFor(() => expect(zoomCard().dataset.status).toBe('not_configured'));
    expect(within(zoomCard()).queryByRole('button')).toBeNull();
    expect(within(zoomCard()).getByText('billing:integrations.zoom.not_configured')).toBeTruthy();
  });

  it('Zoom not connected: Connect sends the browser to Zoom’s consent page', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    mocked.zoomLogin.mockResolvedValue({ url: 'https://zoom.example/oauth/authorize?state=s' });
    show({ status: 'not_connected', connected_at: null, server_wide: true }, null);
    fireEvent.click(
      await screen.findByRole('button', { name: 'billing:integrations.zoom.connect' }),
    );
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('https://zoom.example/oauth/authorize?state=s'),
    );
    expect(
      within(zoomCard()).getByText('billing:integrations.zoom.server_wide_fallback'),
    ).toBeTruthy();
    vi.unstubAllGlobals();
  });

  it('Zoom connected: Disconnect asks first, and only then disconnects', async () => {
    mocked.zoomDisconnect.mockResolvedValue({
      status: 'not_connected',
      connected_at: null,
      server_wide: false,
    });
    show(
      { status: 'connected', connected_at: '2026-11-28T05:00:00.000Z', server_wide: false },
      null,
      '/settings/integrations?zoom=connected',
    );
    await waitFor(() => expect(zoomCard().dataset.status).toBe('connected'), SLOW);
    expect(
      await within(zoomCard()).findByText('billing:integrations.zoom.connected_now', {}, SLOW),
    ).toBeTruthy();
    fireEvent.click(
      await within(zoomCard()).findByRole(
        'button',
        { name: 'billing:integrations.zoom.disconnect' },
        SLOW,
      ),
    );
    const dialog = await screen.findByRole('alertdialog', {}, SLOW);
    expect(mocked.zoomDisconnect).not.toHaveBeenCalled();
    // Fluent's focus manager settles which layer screen readers see a moment after it opens.
    fireEvent.click(
      await within(dialog).findByRole(
        'button',
        { name: 'billing:integrations.zoom.disconnect' },
        SLOW,
      ),
    );
    await waitFor(() => expect(mocked.zoomDisconnect).toHaveBeenCalledTimes(1), SLOW);
    await waitFor(() => expect(zoomCard().dataset.status).toBe('not_connected'), SLOW);
    expect(within(zoomCard()).queryByText('billing:integrations.zoom.connected_now')).toBeNull();
  });

  it('a refused consent coming back from Zoom is said in words', async () => {
    show(
      { status: 'not_connected', connected_at: null, server_wide: false },
      null,
      '/settings/integrations?zoom_error=state_invalid',
    );
    expect(await screen.findByText('billing:integrations.zoom.errors.state_invalid')).toBeTruthy();
  });
});
