import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** The link the mail is about, logged when mail goes to the outbox so a developer can click it. */
  link?: string;
  /**
   * Makes the Message-ID (and the outbox file name), so sending the same mail again from a
   * retried job is recognisably the same message.
   */
  idempotencyKey?: string;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
  readonly mode: 'smtp' | 'outbox';
}

/**
 * SMTP when SMTP_URL is set; otherwise each mail becomes an .eml file in DATA_DIR/outbox
 * and a log line carries its link, so sign-up works on a laptop with no mail server.
 */
export function createMailer(options: {
  smtpUrl?: string;
  from: string;
  dataDir: string;
  log: FastifyBaseLogger;
}): Mailer {
  if (options.smtpUrl) {
    // Mail goes out from jobs: a server that stalls must fail the run well within its lease
    // (JOBS_LEASE_SECONDS), so the job is retried rather than held (nodemailer waits an hour).
    const transport: Transporter = nodemailer.createTransport({
      url: options.smtpUrl,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 60_000,
    });
    return {
      mode: 'smtp',
      async send({ idempotencyKey, ...mail }) {
        await transport.sendMail({
          from: options.from,
          ...mail,
          messageId: messageId(idempotencyKey),
        });
        options.log.info({ to: mail.to, subject: mail.subject }, 'mail sent');
      },
    };
  }
  const outbox = path.join(options.dataDir, 'outbox');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    mode: 'outbox',
    async send({ idempotencyKey, ...mail }) {
      const info = await transport.sendMail({
        from: options.from,
        ...mail,
        messageId: messageId(idempotencyKey),
      });
      mkdirSync(outbox, { recursive: true });
      // Names start with the time, so name order is age order; the same message sent again
      // replaces its earlier file.
      const tail = `-${info.messageId.replace(/[<>@]/g, '')}.eml`;
      for (const earlier of readdirSync(outbox).filter((name) => name.endsWith(tail))) {
        rmSync(path.join(outbox, earlier), { force: true });
      }
      const file = path.join(outbox, `${new Date().toISOString().replace(/[:.]/g, '-')}${tail}`);
      writeFileSync(file, info.message as Buffer);
      options.log.info(
        { to: mail.to, subject: mail.subject, link: mail.link, file },
        'mail written to outbox',
      );
    },
  };
}

function messageId(idempotencyKey: string | undefined) {
  return idempotencyKey ? `<${idempotencyKey.replace(/[^\w.-]/g, '_')}@teamloop>` : undefined;
}
