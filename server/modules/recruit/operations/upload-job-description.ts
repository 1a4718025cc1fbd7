import { JOB_DESCRIPTION_MAX, JOB_TITLE_MAX, uploadJobFields } from '@contracts/recruit';
import type { Actor } from '../../../core/actor';
import { recruitJobs, recruitJobSkills } from '../../../db/schema';
import { unsupportedMediaType, validationFailed } from '../../../http/errors';
import { translator, type Language } from '../../../i18n';
import { parseFields } from '../../../storage/uploads';
import { catalogueOf, presentJob } from '../present';
import { CV_TYPES, documentText, readJobDescription, TEXT_TYPES } from '../reading';
import { recruitAccess } from './access';
import type { RecruitDeps } from './deps';
import { typeOf, type DocumentFormSource } from './documents';

/** The criteria a new job's scorecards rate, in its creator's language (editable). */
export function defaultCriteria(lang: Language): string[] {
  const t = translator(lang);
  return ['skills', 'experience', 'communication', 'motivation'].map((key) =>
    t(`recruit:criteria_defaults.${key}`),
  );
}

/**
 * Creates a job from its description: a PDF, DOCX or text file, or pasted text. The title is
 * the form's or the first line; the skills it names are matched against the catalogue and
 * weighted by their line's words (a must 80, a plus 30, else 50); everything stays editable.
 */
export async function uploadJobDescription(
  deps: RecruitDeps,
  actor: Actor,
  input: { workspaceId: number; lang: Language; receive: DocumentFormSource },
) {
  const access = await recruitAccess(deps.db, actor, input.workspaceId, 'manage_jobs', true);
  const form = await input.receive();
  const fields = parseFields(uploadJobFields, form.fields);
  const [file] = form.files;
  let text = fields.text ?? '';
  if (file) {
    const mimeType = typeOf(file);
    if (!CV_TYPES.has(mimeType) && !TEXT_TYPES.has(mimeType)) {
      throw unsupportedMediaType('recruit:errors.jd_type', { name: file.name });
    }
    const read = await documentText(file.bytes, mimeType);
    if (read === null) throw validationFailed({ file: 'recruit:errors.unreadable' });
    text = read;
  }
  if (!text.trim()) throw validationFailed({ file: 'recruit:errors.jd_required' });
  const catalogue = await catalogueOf(deps.db, input.workspaceId);
  const read = readJobDescription(text, catalogue, JOB_TITLE_MAX);
  const title = fields.title ?? read.title;
  if (!title) throw validationFailed({ title: 'recruit:errors.title_required' });

  const job = await deps.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(recruitJobs)
      .values({
        workspaceId: input.workspaceId,
        title,
        description: read.description.slice(0, JOB_DESCRIPTION_MAX),
        scorecardCriteria: defaultCriteria(input.lang),
        createdBy: actor.userId,
      })
      .returning();
    if (read.skills.length > 0) {
      await tx
        .insert(recruitJobSkills)
        .values(read.skills.slice(0, 50).map((skill) => ({ jobId: created.id, ...skill })));
    }
    return created;
  });
  return { job: await presentJob(deps.db, job, access, input.lang) };
}
