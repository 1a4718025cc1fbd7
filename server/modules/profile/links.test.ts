import { describe, expect, it } from 'vitest';
import { normaliseLink } from './links';

describe('links people type', () => {
  it('keeps http(s) addresses and gives the others http://', () => {
    expect(normaliseLink('https://ada.dev/cv')).toBe('https://ada.dev/cv');
    expect(normaliseLink('www.linkedin.com/in/ada')).toBe('http://www.linkedin.com/in/ada');
    expect(normaliseLink(' github.com/ada ')).toBe('http://github.com/ada');
  });

  it('refuses what is not a web address', () => {
    expect(normaliseLink('javascript:alert(1)')).toBeNull();
    expect(normaliseLink('ftp://files.example.com')).toBeNull();
    expect(normaliseLink('just words')).toBeNull();
    expect(normaliseLink('')).toBeNull();
  });
});
