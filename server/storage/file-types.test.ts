import { describe, expect, it } from 'vitest';
import { acceptedType } from './file-types';

describe('accepted upload types', () => {
  it('goes by the extension and accepts generic or matching declared types', () => {
    expect(acceptedType('Essay.PDF', 'application/pdf')).toBe('application/pdf');
    expect(acceptedType('essay.pdf', 'application/octet-stream')).toBe('application/pdf');
    expect(acceptedType('data.csv', 'application/vnd.ms-excel')).toBe('text/csv');
    expect(acceptedType('photo.jpg', 'image/jpeg; charset=binary')).toBe('image/jpeg');
  });

  it('refuses unknown extensions and declared types that disagree', () => {
    expect(acceptedType('setup.exe', 'application/octet-stream')).toBeNull();
    expect(acceptedType('page.html', 'text/html')).toBeNull();
    expect(acceptedType('noextension', '')).toBeNull();
    expect(acceptedType('essay.pdf', 'text/html')).toBeNull();
  });
});
