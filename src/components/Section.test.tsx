import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Section } from './Section';
import { SettingsSection } from './SettingsSection';

afterEach(cleanup);

describe('the titled section card', () => {
  it.each([
    [
      'page',
      <Section key="p" id="s" title="Title" description="Why" actions={<button>Act</button>}>
        body
      </Section>,
      2,
    ],
    [
      'settings',
      <SettingsSection key="s" id="s" title="Title" description="Why">
        body
      </SettingsSection>,
      2,
    ],
    [
      'block',
      <Section key="b" id="s" title="Title" description="Why" layout="block">
        body
      </Section>,
      3,
    ],
  ] as const)('names its region after its heading (%s layout)', (_layout, section, level) => {
    render(<FluentProvider theme={webLightTheme}>{section}</FluentProvider>);
    expect(screen.getByRole('region', { name: 'Title' })).toBeTruthy();
    expect(screen.getByRole('heading', { level, name: 'Title' })).toBeTruthy();
    expect(screen.getByText('Why').tagName).toBe('P');
  });
});
