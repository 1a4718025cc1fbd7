import { describe, expect, it } from 'vitest';
import { matchSkills, phoneKey, readCv, readJobDescription } from '@server/modules/recruit/reading';

const catalogue = [
  { id: 1, name: 'Go', nameVi: null },
  { id: 2, name: 'C', nameVi: null },
  { id: 3, name: 'C++', nameVi: null },
  { id: 4, name: 'Java', nameVi: null },
  { id: 5, name: 'JavaScript', nameVi: null },
  { id: 6, name: 'Node.js', nameVi: null },
  { id: 7, name: 'Teamwork', nameVi: 'Làm việc nhóm' },
  { id: 8, name: 'R', nameVi: null },
];
const found = (line: string) => matchSkills([line], catalogue).map((m) => m.skillId);

describe('reading CVs and job descriptions', () => {
  it('matches skills as whole words, short names only as written', () => {
    expect(found('A good team player')).toEqual([]);
    expect(found('Go and C++ daily')).toEqual([1, 3]);
    expect(found('JavaScript on Node.js')).toEqual([5, 6]);
    expect(found('java, c, r')).toEqual([4]);
    expect(found('Kỹ năng làm việc nhóm tốt')).toEqual([7]);
    expect(found('R&D in R')).toEqual([8]);
  });

  it('keeps the line a skill was seen in as its evidence', () => {
    const [match] = matchSkills(['Profile', 'Five years of Go at Acme'], catalogue);
    expect(match).toMatchObject({ skillId: 1, evidence: 'Five years of Go at Acme' });
  });

  it('reads name, e-mail, phone and experience lines', () => {
    const cv = readCv(
      'Curriculum Vitae\nMinh Anh Tran\nMinhAnh@Example.com\n(+84) 912-345-678\nWork experience\nBackend developer, Acme\nEducation\n2015 - 2019 University',
      catalogue,
    );
    expect(cv).toMatchObject({
      name: 'Minh Anh Tran',
      email: 'minhanh@example.com',
      phone: '(+84) 912-345-678',
      experience: ['Backend developer, Acme', '2015 - 2019 University'],
    });
  });

  it('compares phones by their digits', () => {
    expect(phoneKey('+84 912 345 678')).toBe(phoneKey('+84-912-345-678'));
    expect(phoneKey('0912 345 678')).toBe('0912345678');
    expect(phoneKey('12 34')).toBeNull();
  });

  it('weights a job description’s skills by their line’s words', () => {
    const jd = readJobDescription(
      'Position: Backend developer\nGo is required\nJava is a plus\nWe use Node.js',
      catalogue,
      200,
    );
    expect(jd.title).toBe('Backend developer');
    expect(jd.skills).toEqual([
      { skillId: 1, weight: 80, required: true },
      { skillId: 4, weight: 30, required: false },
      { skillId: 6, weight: 50, required: false },
    ]);
  });
});
