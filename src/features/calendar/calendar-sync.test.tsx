import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CalendarSyncState } from '@contracts/calendar';
import { calendarApi } from './api';
import CalendarSyncPage from './pages/CalendarSyncPage';
import { renderInApp } from '@/testing/render-in-app';

vi.mock('./api', () => ({
  calendarKeys: { sync: ['calendar', 'sync'] },
  calendarApi: {
    syncState: vi.fn(),
    syncLogin: vi.fn(),
    chooseCalendars: vi.fn(),
    syncNow: vi.fn(),
    disconnect: vi.fn(),
    syncSettings: vi.fn(),
  },
}));

const mocked = vi.mocked(calendarApi);

function show(state: CalendarSyncState, url = '/calendar/sync') {
  mocked.syncState.mockResolvedValue(state);
  renderInApp(<CalendarSyncPage />, url);
}

describe('the calendar sync screen', () => {
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
  });

  it('says a provider the administrator left off is not configured, with no Connect', async () => {
    show({
      providers: [
        { provider: 'google', configured: false, connection: null },
        { provider: 'outlook', configured: false, connection: null },
      ],
      share_busy_times: false,
    });
    expect(await screen.findAllByText('calendar:sync.not_configured')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'calendar:sync.connect' })).toBeNull();
    expect(screen.getByRole('switch')).toBeTruthy();
  });

  it('shows a connection’s calendars and choices, and syncs now', async () => {
    const state: CalendarSyncState = {
      providers: [
        {
          provider: 'google',
          configured: true,
          connection: {
            account: 'ana@example.com',
            calendars: [
              { id: 'primary', name: 'Ana', primary: true, writable: true },
              { id: 'holidays', name: 'Holidays', primary: false, writable: false },
            ],
            read_calendar_ids: ['primary'],
            write_calendar_id: 'primary',
            last_sync_at: null,
            last_sync_status: null,
            last_sync_detail: null,
          },
        },
        { provider: 'outlook', configured: true, connection: null },
      ],
      share_busy_times: true,
    };
    mocked.syncNow.mockResolvedValue(state);
    show(state, '/calendar/sync?provider=google&connected=1');
    const ana = await screen.findByRole('checkbox', { name: 'Ana' });
    expect((ana as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Holidays' }) as HTMLInputElement).checked).toBe(
      false,
    );
    expect((screen.getByRole('radio', { name: /Holidays/ }) as HTMLInputElement).disabled).toBe(
      true,
    );
    expect(screen.getByText('calendar:sync.connected_as')).toBeTruthy();
    expect(screen.getByText('calendar:sync.never_synced')).toBeTruthy();
    // The notice's message bar is loaded lazily.
    expect((await screen.findByRole('status')).textContent).toContain('calendar:sync.connected');
    // The other provider is configured but not connected: it offers Connect.
    expect(screen.getByRole('button', { name: 'calendar:sync.connect' })).toBeTruthy();
    expect((screen.getByRole('switch') as HTMLInputElement).checked).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'calendar:sync.sync_now' }));
    await waitFor(() => expect(mocked.syncNow).toHaveBeenCalledWith('google'));
  });
});
