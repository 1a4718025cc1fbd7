import { describe, expect, it } from 'vitest';
import { AppError } from './errors';
import {
  findUnstorableInput,
  isStorableText,
  MAX_NESTING_DEPTH,
  refuseUnstorableInput,
} from './storable-input';

const nested = (depth: number): unknown => {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i += 1) value = [value];
  return value;
};

describe('storable text', () => {
  it('accepts any well-formed Unicode, emoji and Vietnamese included', () => {
    expect(isStorableText('Nguyễn Thị Ánh 👩🏽‍💻 日本')).toBe(true);
    expect(isStorableText('')).toBe(true);
  });

  it('refuses NUL and UTF-16 halves without their pair', () => {
    expect(isStorableText('a\u0000b')).toBe(false);
    expect(isStorableText('\ud800')).toBe(false);
    expect(isStorableText('a\udc00b')).toBe(false);
    expect(isStorableText('\ud83d')).toBe(false);
    expect(isStorableText('\ude00\ud83d')).toBe(false);
  });
});

describe('findUnstorableInput', () => {
  it('names the path of the first bad string, in values and in keys', () => {
    expect(findUnstorableInput({ a: [{ b: 'ok' }, { c: 'x\u0000' }] })).toEqual({
      field: 'a.1.c',
      problem: 'invalid_characters',
    });
    expect(findUnstorableInput({ config: { 'bad\ud800key': 1 } })).toEqual({
      field: 'config',
      problem: 'invalid_characters',
    });
    expect(findUnstorableInput('\ud800')).toEqual({ field: '', problem: 'invalid_characters' });
  });

  it('lets through what can be stored, up to the nesting limit', () => {
    expect(findUnstorableInput({ a: 1, b: null, c: true, d: ['x', { e: 'y' }] })).toBeNull();
    expect(findUnstorableInput(nested(MAX_NESTING_DEPTH))).toBeNull();
    expect(findUnstorableInput(undefined)).toBeNull();
  });

  it('refuses nesting past the limit without overflowing the stack', () => {
    expect(findUnstorableInput(nested(MAX_NESTING_DEPTH + 1))?.problem).toBe('too_deep');
    const deep = JSON.parse(`${'['.repeat(100_000)}${']'.repeat(100_000)}`) as unknown;
    expect(findUnstorableInput(deep)).toEqual({
      field: Array(MAX_NESTING_DEPTH).fill('0').join('.'),
      problem: 'too_deep',
    });
  });

  it('walks a wide body without recursion', () => {
    const wide = Array.from({ length: 100_000 }, (_, i) => ({ name: `n${i}` }));
    wide[99_999].name = 'late\u0000';
    expect(findUnstorableInput(wide)?.field).toBe('99999.name');
  });
});

describe('refuseUnstorableInput', () => {
  it('throws a 422 naming the field, or the part when the whole part is bad', () => {
    const refusal = (parts: Record<string, unknown>) => {
      try {
        refuseUnstorableInput(parts);
      } catch (error) {
        return error as AppError;
      }
      return null;
    };
    expect(refusal({ body: { name: 'ok' }, query: { q: 'fine' } })).toBeNull();
    const inBody = refusal({ body: { name: '\ud800' } });
    expect(inBody?.statusCode).toBe(422);
    expect(inBody?.fields).toEqual({ name: [{ key: 'common:validation.invalid_characters' }] });
    expect(refusal({ query: 'x\u0000' })?.fields).toEqual({
      query: [{ key: 'common:validation.invalid_characters' }],
    });
    expect(refusal({ body: nested(200) })?.messageRef).toEqual({
      key: 'common:validation.too_deep',
    });
  });
});
