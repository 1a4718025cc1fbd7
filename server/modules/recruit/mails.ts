import type { AppDeps } from '../../context';
import { MAIL_RETRIES, mailText } from '../../core/notify';
import { translator } from '../../i18n';
import { eachOnce } from '../../jobs';

/** The applicant's confirmation, in the language they applied in, from a job after the answer. */
export function registerRecruitMails(deps: AppDeps) {
  deps.jobs.on(
    'recruit.applied',
    'confirm',
    (event) =>
      eachOnce(
        deps.db,
        [event.payload],
        () => `recruit-applied:${event.id}`,
        async ({ to, job_title: job, workspace }) => {
          const t = translator(to.language);
          const values = { name: to.name, job, workspace };
          await deps.mailer.send({
            to: to.email,
            subject: t('recruit:mail.applied.subject', values),
            text: mailText(t, 'recruit:mail.applied', values),
            idempotencyKey: `recruit-applied-${event.id}`,
          });
        },
      ),
    { retryLimit: MAIL_RETRIES },
  );
}
