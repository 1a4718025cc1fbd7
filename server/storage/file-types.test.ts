import { describe, expect, it } from 'vitest';
import { acceptedType, sniffType } from './file-types';

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

describe('types sniffed from bytes', () => {
  const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

  it('trusts the bytes, and the name only between what they allow', () => {
    expect(sniffType(png, 'photo.jpg')).toBe('image/png');
    expect(sniffType(Buffer.from('%PDF-1.7\n'), 'notes.txt')).toBe('application/pdf');
    const zip = Buffer.from('PK\x03\x04rest', 'latin1');
    expect(sniffType(zip, 'report.docx')).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    expect(sniffType(zip, 'report.png')).toBe('application/zip');
    expect(sniffType(Buffer.from('a,b\n1,2\n'), 'data.csv')).toBe('text/csv');
    expect(sniffType(Buffer.from('plain words'), 'data.png')).toBe('text/plain');
  });

  it('never calls markup or unknown bytes anything a browser would run', () => {
    expect(sniffType(Buffer.from('<!DOCTYPE html><script>x</script>'), 'cat.png')).toBe(
      'text/plain',
    );
    expect(sniffType(Buffer.from('  <svg onload="x()"/>'), 'logo.svg')).toBe('text/plain');
    expect(sniffType(Buffer.from([0, 1, 2, 250]), 'app.exe')).toBe('application/octet-stream');
  });

  it('reads text cut mid-character as text', () => {
    const cut = Buffer.from('Bình thường', 'utf8').subarray(0, 3);
    expect(sniffType(cut, 'a.txt')).toBe('text/plain');
  });
});
