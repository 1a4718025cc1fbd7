import { describe, expect, it } from 'vitest';
import { foldForSearch } from './PeoplePicker';

describe('foldForSearch', () => {
  it('finds Vietnamese names typed without their accents', () => {
    expect(foldForSearch('Nguyễn Thị Đào')).toBe('nguyen thi dao');
    expect(foldForSearch('Lê Văn Hưng').includes(foldForSearch('le van hung'))).toBe(true);
  });
});
