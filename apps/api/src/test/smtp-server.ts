// A real SMTP server inside the test process (smtp-server): the API delivers to it over TCP
// exactly as it would to a production relay, and tests read what arrived.
import type { AddressInfo } from 'node:net';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string;
}

export interface TestSmtpServer {
  url: string;
  received: ReceivedMail[];
  /** Waits (up to `timeoutMs`) for a mail to `to` matching `subject`, and returns it. */
  waitFor(to: string, subject: RegExp, timeoutMs?: number): Promise<ReceivedMail>;
  /** Mail to `to`, in arrival order. */
  mailTo(to: string): ReceivedMail[];
  /** While true, every message is refused with a temporary failure (451). */
  refuse: boolean;
  close(): Promise<void>;
}

export async function startSmtpServer(): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const state = { refuse: false };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (state.refuse) {
          const error = new Error('Try again later') as Error & { responseCode: number };
          error.responseCode = 451;
          callback(error);
          return;
        }
        PostalMime.parse(Buffer.concat(chunks))
          .then((parsed) => {
            received.push({
              to: (parsed.to ?? []).map((address) => address.address ?? '').join(','),
              from: parsed.from?.address ?? '',
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              html: parsed.html ?? '',
            });
            callback();
          })
          .catch((error: Error) => callback(error));
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  const mailTo = (to: string) =>
    received.filter((mail) => mail.to.toLowerCase() === to.toLowerCase());

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    mailTo,
    get refuse() {
      return state.refuse;
    },
    set refuse(value: boolean) {
      state.refuse = value;
    },
    async waitFor(to, subject, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = mailTo(to).find((mail) => subject.test(mail.subject));
        if (found) return found;
        if (Date.now() > deadline) {
          const seen = mailTo(to).map((mail) => mail.subject);
          throw new Error(`no mail to ${to} matching ${subject}; got ${JSON.stringify(seen)}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The token from a link like https://host/verifyEmail#token=… in a mail's text. */
export function linkToken(text: string, path: string): string {
  const match = new RegExp(`${path}#token=([A-Za-z0-9_-]{43})`).exec(text);
  if (!match?.[1]) throw new Error(`no ${path} link in: ${text}`);
  return match[1];
}
