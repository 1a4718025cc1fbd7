import { describe, expect, it } from 'vitest';
import {
  deepLinkPath,
  isEmbeddable,
  languageFor,
  launchOf,
  teamsDeepLink,
  themeFor,
} from './launch';

const framed = (href: string, extra: object = {}) => {
  const url = new URL(href, 'https://teamloop.example.com');
  return { location: { pathname: url.pathname, search: url.search }, self: {}, top: {}, ...extra };
};
const topLevel = (href: string, extra: object = {}) => {
  const win = framed(href, extra);
  return { ...win, top: win.self };
};

describe('launchOf', () => {
  it('asks the host only with the in-host marker, or the embedding flag on a reload', () => {
    expect(launchOf(framed('/profile?inTeams=1'), undefined)).toBe('host');
    expect(launchOf(framed('/profile'), 'true')).toBe('host');
    expect(launchOf(framed('/profile'), 'false')).toBe('standalone');
    expect(launchOf(framed('/profile'), undefined)).toBe('standalone');
  });

  it('is standalone at once in a top-level window, unless it is a mobile host web view', () => {
    expect(launchOf(topLevel('/profile?inTeams=1'), 'true')).toBe('standalone');
    expect(launchOf(topLevel('/profile?inTeams=1', { nativeInterface: {} }), undefined)).toBe(
      'host',
    );
  });

  it('never waits for the host on an LTI launch', () => {
    expect(launchOf(framed('/lti/process/moodle?inTeams=1'), 'true')).toBe('standalone');
  });
});

describe('host theme and locale', () => {
  it('maps default, dark and contrast to the Teams themes, and anything newer to light', () => {
    expect(themeFor('default')).toBe('teams-light');
    expect(themeFor('dark')).toBe('teams-dark');
    expect(themeFor('contrast')).toBe('teams-contrast');
    expect(themeFor('glass')).toBe('teams-light');
    expect(themeFor(undefined)).toBe('teams-light');
  });

  it('speaks Vietnamese for any vi locale and English otherwise', () => {
    expect(languageFor('vi-VN')).toBe('vi');
    expect(languageFor('vi')).toBe('vi');
    expect(languageFor('en-GB')).toBe('en');
    expect(languageFor('fr-FR')).toBe('en');
    expect(languageFor(undefined)).toBe('en');
  });
});

describe('embedding (spec 2.8) and deep links', () => {
  it('honours the flag only on the people and profile routes', () => {
    expect(
      isEmbeddable(['root', 'frame', 'workspaces-workspace', 'workspaces-workspace-people']),
    ).toBe(true);
    expect(isEmbeddable(['root', 'frame', 'profile', 'profile-skills'])).toBe(true);
    expect(isEmbeddable(['root', 'frame', 'user-user-name'])).toBe(true);
    expect(
      isEmbeddable(['root', 'frame', 'workspaces-workspace', 'workspaces-workspace-tasks']),
    ).toBe(false);
    expect(isEmbeddable(['root', 'frame', 'dashboard'])).toBe(false);
  });

  it('accepts only people and profile paths as a sub-page', () => {
    expect(deepLinkPath('/workspaces/12/people')).toBe('/workspaces/12/people');
    expect(deepLinkPath('/user/4f1c/mai-nguyen')).toBe('/user/4f1c/mai-nguyen');
    expect(deepLinkPath('/profile/skills')).toBe('/profile/skills');
    expect(deepLinkPath('/workspaces/12/tasks')).toBeNull();
    expect(deepLinkPath('https://evil.example/profile')).toBeNull();
    expect(deepLinkPath('//evil.example/profile')).toBeNull();
    expect(deepLinkPath(undefined)).toBeNull();
  });

  it('builds a Teams deep link whose sub-page comes back as the same path', () => {
    const link = new URL(
      teamsDeepLink(
        '3f6d3c2e-5a9b-4c1d-8e7f-0a1b2c3d4e5f',
        '/workspaces/12/people',
        'Design studio people',
        'https://teamloop.example.com',
      ),
    );
    expect(link.origin + link.pathname).toBe(
      'https://teams.microsoft.com/l/entity/3f6d3c2e-5a9b-4c1d-8e7f-0a1b2c3d4e5f/profile',
    );
    expect(link.searchParams.get('webUrl')).toBe(
      'https://teamloop.example.com/workspaces/12/people',
    );
    const { subEntityId } = JSON.parse(link.searchParams.get('context')!);
    expect(deepLinkPath(subEntityId)).toBe('/workspaces/12/people');
  });
});
