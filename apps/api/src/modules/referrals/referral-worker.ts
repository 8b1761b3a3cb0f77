// Pays referral commissions whose release date has come (decision 110): a pass at start, then
// one a minute. Runs in every API instance; each release is a conditional change under the
// commission's row lock, so instances never pay one twice.
import type { FastifyBaseLogger } from 'fastify';

/** A commission is paid within a minute of its release date (the dates are days apart). */
export const REFERRAL_POLL_INTERVAL_MS = 60_000;

export interface ReferralWorker {
  /** Stops polling and waits for the pass in flight. */
  stop(): Promise<void>;
}

export function startReferralWorker({
  releaseDue,
  log,
  intervalMs = REFERRAL_POLL_INTERVAL_MS,
}: {
  releaseDue: () => Promise<number>;
  log: Pick<FastifyBaseLogger, 'info' | 'error'>;
  intervalMs?: number;
}): ReferralWorker {
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;

  function run(): void {
    if (stopped) return;
    running = releaseDue()
      .then((released) => {
        if (released > 0) log.info({ released }, 'referral commissions released');
      })
      .catch((error: unknown) => log.error({ err: error }, 'referral worker pass failed'))
      .finally(() => {
        running = null;
        if (stopped) return;
        timer = setTimeout(run, intervalMs);
        timer.unref();
      });
  }

  timer = setTimeout(run, 0);
  timer.unref();

  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
