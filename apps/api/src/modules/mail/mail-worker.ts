// Delivers the outbox: polls for due mails, sends each, retries with back-off, and gives up
// after MAX_ATTEMPTS. Runs in every API instance; claims make each mail go out once.
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { claimDueMails, markMailFailed, markMailSent } from './mail.repo.js';
import type { MailTransport } from './mail-transport.js';

/** Mail reaches the outbox within a second of the commit (docs/product.md §7). */
export const POLL_INTERVAL_MS = 400;
const BATCH = 10;
/** A claimed mail another instance crashed on is retried after this. */
const LEASE_MS = 2 * 60 * 1000;
export const MAX_ATTEMPTS = 8;

/** 30 s, 1 min, 2 min … capped at an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 60 * 60 * 1000);
}

export interface MailWorker {
  /** Look now rather than at the next poll (after a commit that queued a mail). */
  wake(): void;
  /** Stops polling and waits for the batch in flight. */
  stop(): Promise<void>;
}

export function startMailWorker({
  db,
  clock,
  transport,
  from,
  log,
}: {
  db: Db;
  clock: Clock;
  transport: MailTransport;
  from: string;
  log: FastifyBaseLogger;
}): MailWorker {
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let again = false;

  async function deliverDue(): Promise<void> {
    for (;;) {
      const now = clock.now();
      const batch = await claimDueMails(db, now, new Date(now.getTime() + LEASE_MS), BATCH);
      for (const mail of batch) {
        try {
          const { delivered } = await transport.send({
            from,
            to: mail.recipient,
            subject: mail.subject,
            text: mail.textBody ?? '',
            html: mail.htmlBody ?? '',
          });
          await markMailSent(db, mail.id, clock.now());
          // The file or message id, never the body or its links (docs/product.md §7).
          log.info({ mailId: mail.id, template: mail.template, delivered }, 'mail sent');
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          const giveUp = mail.attempts >= MAX_ATTEMPTS;
          const retryAt = giveUp
            ? null
            : new Date(clock.now().getTime() + retryDelayMs(mail.attempts));
          await markMailFailed(db, mail.id, message.slice(0, 500), retryAt);
          log[giveUp ? 'error' : 'warn'](
            { mailId: mail.id, template: mail.template, attempts: mail.attempts, err: message },
            giveUp ? 'mail failed; giving up' : 'mail failed; will retry',
          );
        }
      }
      if (batch.length < BATCH || stopped) return;
    }
  }

  function run(): void {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    if (timer) clearTimeout(timer);
    timer = null;
    running = deliverDue()
      .catch((error: unknown) => log.error({ err: error }, 'mail worker pass failed'))
      .finally(() => {
        running = null;
        if (stopped) return;
        if (again) {
          again = false;
          run();
        } else {
          timer = setTimeout(run, POLL_INTERVAL_MS);
          timer.unref();
        }
      });
  }

  timer = setTimeout(run, 0);
  timer.unref();

  return {
    wake: run,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
