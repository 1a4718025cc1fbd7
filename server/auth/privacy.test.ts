import { describe, expect, it } from 'vitest';
import type { DbOrTx } from '../db/client';
import { privacyOf, privacyOptionsOf } from './privacy';

/** Only everyone and only_me here: neither needs the database (workspace_members does). */
const noDatabase = {} as DbOrTx;
const owner = { id: 1, role: 'user' as const };
const open = { id: 2, privacyOptions: {} };
const secret = { id: 3, privacyOptions: { view_skill: 'only_me', view_personality: 'only_me' } };

describe('who sees what of a person', () => {
  it('defaults every option to everyone', () => {
    expect(privacyOptionsOf({ privacyOptions: {} })).toEqual({
      view_profile: 'everyone',
      view_skill: 'everyone',
      view_availability: 'everyone',
      view_personality: 'everyone',
    });
  });

  it('hides only_me groups from others, never from the person or a supervisor', async () => {
    const privacy = await privacyOf(noDatabase, owner, [open, secret]);
    expect(privacy.visibilityOf(secret.id)).toEqual({
      profile: true,
      skills: false,
      availability: true,
      personality: false,
    });
    const self = await privacyOf(noDatabase, { id: secret.id, role: 'user' }, [secret]);
    expect(self.seesAll([secret.id], ['skills', 'personality'])).toBe(true);
    const supervisor = await privacyOf(noDatabase, { id: 9, role: 'supervisor' }, [secret]);
    expect(supervisor.seesAll([secret.id], 'skills')).toBe(true);
  });

  it('redacts a value read from several people when any one of them hides its group', async () => {
    const privacy = await privacyOf(noDatabase, owner, [open, secret]);
    expect(privacy.redact([open.id], 'skills', ['go'])).toEqual(['go']);
    expect(privacy.redact([open.id, secret.id], 'skills', ['go'])).toBeNull();
    expect(privacy.redact([open.id, secret.id], 'availability', 4)).toBe(4);
    expect(privacy.redact([open.id, secret.id], ['availability', 'personality'], 4)).toBeNull();
    expect(privacy.hiddenCount([open.id, secret.id], 'personality')).toBe(1);
    // Someone the privacy was not loaded for shows nothing.
    expect(privacy.sees(42, 'profile')).toBe(false);
  });
});
