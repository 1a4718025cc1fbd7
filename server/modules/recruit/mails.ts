import type { AppDeps } from '../../context';
import { translator } from '../../i18n';
import { eachOnce } from '../../jobs';

/** Mail servers can be away for a while: retried for about four hours, like workspace mail. */
const MAIL_RETRIES = 9;

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
            text: [
              t('recruit:mail.applied.greeting', values),
              '',
              t('recruit:mail.applied.body', values),
              '',
              t('recruit:mail.applied.footer', values),
            ].join('\n'),
            idempotencyKey: `recruit-applied-${event.id}`,
          });
        },
      ),
    { retryLimit: MAIL_RETRIES },
  );
}
