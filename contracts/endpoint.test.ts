import { describe, expect, it } from 'vitest';
import { fillPath } from './endpoint';

describe('fillPath', () => {
  it('fills each :name segment in, encoded', () => {
    expect(fillPath('core/tasks/:id/files/:file', { id: 3, file: 9 })).toBe('core/tasks/3/files/9');
    expect(fillPath('core/join/invitations/:token', { token: 'a/b c' })).toBe(
      'core/join/invitations/a%2Fb%20c',
    );
  });

  it('refuses a path parameter left out', () => {
    expect(() => fillPath('core/tasks/:id', {})).toThrow(/id/);
  });
});
