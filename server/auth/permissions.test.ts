import { describe, expect, it } from 'vitest';
import {
  abilitiesFor,
  ACCESS,
  can,
  canUseFeature,
  paymentTypeAllows,
  PERMISSIONS,
  permissionsFor,
  registerPermissions,
  ROLE_PERMISSIONS,
} from './permissions';

const member = (permissions: string[] | null | undefined) => ({ isSupervisor: false, permissions });

describe("spec 6's permission check", () => {
  it('lets a supervisor pass everything, even with no list', () => {
    expect(can({ isSupervisor: true, permissions: null }, 'delete_workspace')).toBe(true);
    expect(can({ isSupervisor: true, permissions: [] }, ['manage_owners', 'x'])).toBe(true);
  });

  it('always passes ACCESS, even with an empty list', () => {
    expect(can(member([]), ACCESS)).toBe(true);
    expect(can(member(null), [ACCESS, 'manage_members'])).toBe(true);
  });

  it('needs every required permission in the list', () => {
    const list = ['view_workspace', 'invite_members'];
    expect(can(member(list), 'invite_members')).toBe(true);
    expect(can(member(list), ['view_workspace', 'invite_members'])).toBe(true);
    expect(can(member(list), ['view_workspace', 'manage_members'])).toBe(false);
  });

  it('denies with an empty or missing list', () => {
    expect(can(member([]), 'view_workspace')).toBe(false);
    expect(can(member(null), 'view_workspace')).toBe(false);
    expect(can(member(undefined), 'view_workspace')).toBe(false);
  });
});

describe('the role table', () => {
  it('gives owners everything and admins all but the owner-only permissions', () => {
    expect([...ROLE_PERMISSIONS.owner].sort()).toEqual([...PERMISSIONS].sort());
    const adminLacks = PERMISSIONS.filter((p) => !ROLE_PERMISSIONS.admin.includes(p));
    expect(adminLacks.sort()).toEqual(['delete_workspace', 'manage_billing', 'manage_owners']);
  });

  it('keeps members, viewers and deactivated members to what they need', () => {
    expect(permissionsFor('member')).toEqual(
      expect.arrayContaining(['view_workspace', 'submit_tasks', 'join_teams']),
    );
    expect(permissionsFor('member')).not.toContain('invite_members');
    expect(permissionsFor('viewer').sort()).toEqual(['view_members', 'view_workspace']);
    expect(permissionsFor('deactive')).toEqual([]);
    expect(permissionsFor(null)).toEqual([]);
  });

  it('adds member-access grants to members only', () => {
    const access = { invite_members: true, view_task_reports: true, create_own_team: false };
    expect(permissionsFor('member', access)).toEqual(
      expect.arrayContaining([
        'invite_members',
        'view_task_submission_report',
        'view_subtask_submission_report',
      ]),
    );
    expect(permissionsFor('member', access)).not.toContain('create_own_team');
    expect(permissionsFor('viewer', access)).not.toContain('invite_members');
  });

  it('every role lists only known permissions', () => {
    for (const list of Object.values(ROLE_PERMISSIONS)) {
      for (const permission of list) expect(PERMISSIONS).toContain(permission);
    }
  });
});

describe('feature gating by payment type', () => {
  it('matches one type or a list of types', () => {
    expect(paymentTypeAllows('premium', 'premium')).toBe(true);
    expect(paymentTypeAllows('free', 'premium')).toBe(false);
    expect(paymentTypeAllows('enterprise', ['premium', 'enterprise'])).toBe(true);
    expect(paymentTypeAllows('free', ['premium', 'enterprise'])).toBe(false);
  });

  it('answers yes for the owner whatever the plan, and by plan for everyone else', () => {
    const owner = { isSupervisor: false, role: 'owner' as const };
    const admin = { isSupervisor: false, role: 'admin' as const };
    expect(canUseFeature(owner, 'free', 'performance_users')).toBe(true);
    expect(canUseFeature(admin, 'free', 'performance_users')).toBe(false);
    expect(canUseFeature(admin, 'premium', 'performance_users')).toBe(true);
    expect(canUseFeature({ isSupervisor: true, role: null }, 'free', 'performance_users')).toBe(
      true,
    );
  });
});

describe('abilities sent to the client', () => {
  it('are the same answers as can(), plus plan features and leaving', () => {
    const viewer = {
      isSupervisor: false,
      role: 'viewer' as const,
      permissions: permissionsFor('viewer'),
    };
    const abilities = abilitiesFor(viewer, 'free');
    expect(abilities.view_workspace).toBe(true);
    expect(abilities.invite_members).toBe(false);
    expect(abilities.performance_users).toBe(false);
    expect(abilities.leave_workspace).toBe(true);
    for (const permission of PERMISSIONS) {
      expect(abilities[permission]).toBe(can(viewer, permission));
    }
    const outsider = abilitiesFor({ isSupervisor: true, role: null, permissions: [] }, 'free');
    expect(outsider.delete_workspace).toBe(true);
    expect(outsider.leave_workspace).toBe(false);
  });
});

describe('permissions an area adds', () => {
  it('grants them to the roles the area names and to owners, and reports them as abilities', () => {
    // An area declares its names by declaration merging; the test registers one untyped.
    const register = registerPermissions as (grants: Record<string, string[]>) => void;
    register({ check_in_example: ['member'] });
    expect(permissionsFor('member')).toContain('check_in_example');
    expect(permissionsFor('owner')).toContain('check_in_example');
    expect(permissionsFor('admin')).not.toContain('check_in_example');
    expect(permissionsFor('viewer')).not.toContain('check_in_example');
    const viewer = abilitiesFor(
      { isSupervisor: false, role: 'viewer', permissions: permissionsFor('viewer') },
      'free',
    ) as Record<string, boolean>;
    expect(viewer.check_in_example).toBe(false);
  });
});
