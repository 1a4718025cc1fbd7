import { describe, expect, it } from 'vitest';
import { runUploadRules, shortFileName } from './upload-rules';

describe('the upload widget rules (spec 2.13, 5)', () => {
  it('cuts names to 45 characters plus an ellipsis', () => {
    expect(shortFileName('short.csv')).toBe('short.csv');
    const long = `${'a'.repeat(50)}.csv`;
    expect(shortFileName(long)).toBe(`${'a'.repeat(45)}...`);
    expect(shortFileName('b'.repeat(45))).toBe('b'.repeat(45));
  });

  it('turns each rule that returns text into one message, merging duplicates', () => {
    const files = [new File(['x'], 'a.png'), new File(['y'], 'b.png')];
    const messages = runUploadRules(
      [
        (f) => (f.length > 1 ? 'One file only' : null),
        (f) => (f.some((file) => !file.name.endsWith('.csv')) ? 'CSV files only' : undefined),
        () => 'One file only',
        () => false,
        () => '',
      ],
      files,
    );
    expect(messages).toEqual(['One file only', 'CSV files only']);
    expect(runUploadRules([(f) => (f.length > 1 ? 'One file only' : null)], [])).toEqual([]);
  });
});
