import { describe, expect, it } from 'vitest';
import { deepLinkPath, teamsDeepLink } from '@tabs/launch';
import { parseShare, recordPath, sharePath } from './links';

describe('shared links (spec 2.2 /share/:workspace?/:type?/:id?)', () => {
  it('goes from a record to its link and back', () => {
    for (const record of [
      { workspace: 3, type: 'task' as const, id: 9 },
      { workspace: 3, type: 'objective' as const, id: 2 },
      { workspace: 3, type: 'assessment' as const, id: 5 },
      { workspace: 3, type: 'workspace' as const },
    ]) {
      const [, , workspace, type, id] = sharePath(record).split('/');
      expect(parseShare({ workspace, type, id })).toEqual(record);
    }
  });

  it('opens each record on its page', () => {
    expect(recordPath({ workspace: 3, type: 'task', id: 9 })).toBe('/workspaces/3/tasks/9/info');
    expect(recordPath({ workspace: 3, type: 'objective', id: 2 })).toBe(
      '/workspaces/3/objectives/2',
    );
    expect(recordPath({ workspace: 3, type: 'assessment', id: 5 })).toBe(
      '/workspaces/3/assessments/5/report',
    );
    expect(recordPath({ workspace: 3, type: 'workspace' })).toBe('/workspaces/3/dashboard');
  });

  it('refuses incomplete or odd links', () => {
    expect(parseShare({})).toBeNull();
    expect(parseShare({ workspace: 'abc' })).toBeNull();
    expect(parseShare({ workspace: '3', type: 'task' })).toBeNull();
    expect(parseShare({ workspace: '3', type: 'user', id: '1' })).toBeNull();
    expect(parseShare({ workspace: '3', type: 'task', id: '-1' })).toBeNull();
    expect(parseShare({ workspace: '3' })).toEqual({ workspace: 3, type: 'workspace' });
  });

  it('in Teams, the deep link opens the app tab on the shared record', () => {
    const path = sharePath({ workspace: 3, type: 'task', id: 9 });
    const link = new URL(teamsDeepLink('app-id', path, 'Essay', 'https://teamloop.example.com'));
    expect(link.pathname).toBe('/l/entity/app-id/profile');
    const { subEntityId } = JSON.parse(link.searchParams.get('context')!) as {
      subEntityId: string;
    };
    expect(deepLinkPath(subEntityId)).toBe('/share/3/task/9');
    expect(deepLinkPath('/share/3/workspace')).toBe('/share/3/workspace');
    expect(deepLinkPath('/share/3/secret/9')).toBeNull();
  });
});
