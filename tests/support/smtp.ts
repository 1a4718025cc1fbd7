import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
}

/** A real SMTP server on a free local port, collecting what the app sends. */
export async function startSmtpServer() {
  const received: ReceivedMail[] = [];
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail: ParsedMail) => {
          const to = [mail.to]
            .flat()
            .flatMap((a) => a?.value ?? [])
            .map((a) => a.address?.toLowerCase() ?? '');
          received.push({ to, subject: mail.subject ?? '', text: mail.text ?? '' });
          waiters.splice(0).forEach((wake) => wake());
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  return {
    url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    received,
    /**
     * The latest mail to an address, waiting up to 20 s for it to arrive: mail goes out from a
     * job, which on the embedded database with a busy machine took more than 10 s once.
     */
    async waitFor(email: string, match: (mail: ReceivedMail) => boolean = () => true) {
      const deadline = Date.now() + 20_000;
      for (;;) {
        const found = [...received]
          .reverse()
          .find((mail) => mail.to.includes(email.toLowerCase()) && match(mail));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`No mail to ${email} arrived`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first link in a mail's text that points at a path of ours. */
export function linkIn(mail: ReceivedMail, pathname: string): URL {
  const match = mail.text
    .match(/https?:\/\/\S+/g)
    ?.find((link) => new URL(link).pathname === pathname);
  if (!match) throw new Error(`No ${pathname} link in mail "${mail.subject}"`);
  return new URL(match);
}

export type SmtpServer = Awaited<ReturnType<typeof startSmtpServer>>;
