/**
 * Reading CVs and job descriptions: text out of PDF (unpdf, pdf.js without a canvas) and DOCX
 * (mammoth), then name, e-mail, phone, experience and skills out of the text. Pure apart from
 * the parsers; the skills list is handed in.
 */

export const PDF_TYPE = 'application/pdf';
export const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
/** What a CV may be; a job description may also be plain text. */
export const CV_TYPES = new Set([PDF_TYPE, DOCX_TYPE]);
export const TEXT_TYPES = new Set(['text/plain', 'text/markdown']);

/** The text of a document, one line per line; null when the bytes do not read as one. */
export async function documentText(bytes: Buffer, mimeType: string): Promise<string | null> {
  try {
    if (mimeType === PDF_TYPE) return await pdfText(bytes);
    if (mimeType === DOCX_TYPE) {
      const mammoth = (await import('mammoth')).default;
      const { value } = await mammoth.extractRawText({ buffer: bytes });
      return value;
    }
    if (TEXT_TYPES.has(mimeType)) return bytes.toString('utf8');
  } catch {
    // A broken file reads as nothing: the caller names it unreadable.
  }
  return null;
}

async function pdfText(bytes: Buffer): Promise<string> {
  const { getDocumentProxy } = await import('unpdf');
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const pages: string[] = [];
  try {
    for (let number = 1; number <= Math.min(pdf.numPages, 30); number += 1) {
      const content = await (await pdf.getPage(number)).getTextContent();
      pages.push(
        content.items
          .map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : ''))
          .join(''),
      );
    }
  } finally {
    await pdf.destroy();
  }
  return pages.join('\n');
}

/** Non-empty lines, spaces folded. */
export function linesOf(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
}

// ---------------------------------------------------------------- skills

export interface CatalogueSkill {
  id: number;
  name: string;
  nameVi: string | null;
}
export interface SkillMatch {
  skillId: number;
  /** The line it was seen in. */
  evidence: string;
  /** The line's words say the skill is a must (job descriptions). */
  required: boolean;
  /** The line's words say the skill is a plus (job descriptions). */
  optional: boolean;
}

const EVIDENCE_MAX = 200;
const REQUIRED_WORDS = /\b(required|must|mandatory|essential)\b|bắt buộc|yêu cầu/i;
const OPTIONAL_WORDS = /\b(nice to have|plus|bonus|preferred|optional)\b|ưu tiên|điểm cộng/i;

const WORD_CHAR = /[\p{L}\p{N}]/u;
/** Characters that continue a skill's name: "C" is not in "C++" or "C#", "Go" not in ".Go". */
const JOINED_BEFORE = new Set(['+', '#', '.']);
const JOINED_AFTER = new Set(['+', '#']);

/**
 * Whether `name` is in the line as a whole word: "Go" is not in "good", "C" is not in "C++",
 * "Java" not in "JavaScript", "Node" not in "Node.js". Names of one or two letters match only
 * as written ("R", "Go"), longer ones in any case. (Plain search: a case-insensitive Unicode
 * pattern per skill costs milliseconds each to compile, and the catalogue has hundreds.)
 */
function containsWord(line: string, lowerLine: string, name: string): boolean {
  const exact = name.length <= 2;
  const text = exact ? line : lowerLine;
  const needle = exact ? name : name.toLowerCase();
  if (!needle) return false;
  for (let at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + 1)) {
    const before = text[at - 1];
    const after = text[at + needle.length];
    const next = text[at + needle.length + 1];
    const startsWord = !before || !(WORD_CHAR.test(before) || JOINED_BEFORE.has(before));
    const endsWord =
      !after ||
      !(
        WORD_CHAR.test(after) ||
        JOINED_AFTER.has(after) ||
        (after === '.' && next && WORD_CHAR.test(next))
      );
    if (startsWord && endsWord) return true;
  }
  return false;
}

/** The catalogue skills found in the lines, each with the first line it is in. */
export function matchSkills(lines: readonly string[], catalogue: readonly CatalogueSkill[]) {
  const lowered = lines.map((line) => line.toLowerCase());
  const found: SkillMatch[] = [];
  for (const skill of catalogue) {
    const names = [skill.name.trim(), skill.nameVi?.trim() ?? ''].filter(Boolean);
    const index = lines.findIndex((line, i) =>
      names.some((name) => containsWord(line, lowered[i], name)),
    );
    if (index < 0) continue;
    const line = lines[index];
    found.push({
      skillId: skill.id,
      evidence: line.length > EVIDENCE_MAX ? `${line.slice(0, EVIDENCE_MAX - 1)}…` : line,
      required: REQUIRED_WORDS.test(line),
      optional: OPTIONAL_WORDS.test(line),
    });
  }
  return found;
}

// ---------------------------------------------------------------- CVs

export interface ReadCv {
  name: string | null;
  email: string | null;
  phone: string | null;
  experience: string[];
  skills: SkillMatch[];
}

const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}.-]+\.[\p{L}]{2,}/u;
const PHONE = /(?:\(?\+\d{1,3}\)?[\s.-]?)?(?:\(\d{1,4}\)[\s.-]?)?\d{2,4}(?:[\s.-]?\d{2,4}){2,4}/;
const HEADINGS =
  /^(curriculum vitae|resume|résumé|cv|profile|summary|contact|skills?|experience|work experience|employment|education|projects?|languages?|certifications?|kinh nghiệm|học vấn|kỹ năng|dự án|thông tin)\b:?$/i;
const EXPERIENCE_HEADING =
  /^(work |professional )?(experience|employment|work history)|^kinh nghiệm/i;
const YEAR_RANGE =
  /\b(19|20)\d{2}\b.*(–|-|—|to|until|đến)\s*((19|20)\d{2}|present|now|today|current|nay|hiện tại)/i;
const EXPERIENCE_MAX = 20;

/** Digits of a phone number, with a leading + kept: what two numbers are compared by. */
export function phoneKey(phone: string | null | undefined): string | null {
  if (!phone) return null;
  const digits = phone.replace(/\D/g, '');
  if (digits.length < 7) return null;
  return /^\(?\+/.test(phone.trim()) ? `+${digits}` : digits;
}

function looksLikeName(line: string) {
  if (HEADINGS.test(line) || EMAIL.test(line) || /\d/.test(line) || line.length > 60) return false;
  const words = line.split(' ');
  return words.length >= 2 && words.length <= 5 && words.every((w) => /^[\p{L}.'-]+$/u.test(w));
}

/** Name, e-mail, phone, experience lines and catalogue skills of a CV's text. */
export function readCv(text: string, catalogue: readonly CatalogueSkill[]): ReadCv {
  const lines = linesOf(text);
  const email = lines.map((line) => EMAIL.exec(line)?.[0]).find(Boolean) ?? null;
  const phone =
    lines
      .map((line) => PHONE.exec(line.replace(EMAIL, ' '))?.[0])
      .find((found) => found && !YEAR_RANGE.test(found) && phoneKey(found)) ?? null;
  const name = lines.slice(0, 10).find(looksLikeName) ?? null;

  const experience: string[] = [];
  let inExperience = false;
  for (const line of lines) {
    if (EXPERIENCE_HEADING.test(line) && line.length < 40) {
      inExperience = true;
      continue;
    }
    if (HEADINGS.test(line)) {
      inExperience = false;
      continue;
    }
    if ((inExperience || YEAR_RANGE.test(line)) && !experience.includes(line))
      experience.push(line);
    if (experience.length >= EXPERIENCE_MAX) break;
  }

  return {
    name,
    email: email?.toLowerCase() ?? null,
    phone: phone?.trim() ?? null,
    experience,
    skills: matchSkills(lines, catalogue),
  };
}

// ---------------------------------------------------------------- job descriptions

export interface ReadJobDescription {
  title: string;
  description: string;
  skills: { skillId: number; weight: number; required: boolean }[];
}

/** Weights a job description's words give a skill: a must, a plus, or neither. */
export const JD_WEIGHTS = { required: 80, normal: 50, optional: 30 } as const;

/** Title (the first line), the text, and the catalogue skills it names, weighted by its words. */
export function readJobDescription(
  text: string,
  catalogue: readonly CatalogueSkill[],
  titleMax: number,
): ReadJobDescription {
  const lines = linesOf(text);
  const first = (lines[0] ?? '').replace(/^(job title|position|vị trí)\s*:\s*/i, '');
  return {
    title: first.slice(0, titleMax),
    description: lines.join('\n'),
    skills: matchSkills(lines, catalogue).map((match) => {
      const required = match.required && !match.optional;
      const weight = required
        ? JD_WEIGHTS.required
        : match.optional
          ? JD_WEIGHTS.optional
          : JD_WEIGHTS.normal;
      return { skillId: match.skillId, weight, required };
    }),
  };
}
