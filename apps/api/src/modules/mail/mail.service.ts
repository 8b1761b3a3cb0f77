// The one way the rest of the API sends mail: queue a rendered template inside the caller's
// transaction. Delivery is the worker's job, so a slow or broken mail server never fails or
// slows the request that caused the mail (issue 6).
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { makeMailTemplates } from './mail-templates.js';
import type { MailBrand, MailTemplates, RenderedMail } from './mail-templates.js';
import { findMailRecipient, findMailRecipients, insertMail, insertMails } from './mail.repo.js';
import type { MailRecipientClient } from './mail.repo.js';

export type { MailRecipientClient };

/** A client's mail from their row and the templates; null when there is nothing to send. */
export type ClientMailBuild = (
  client: MailRecipientClient,
  templates: MailTemplates,
) => RenderedMail | null;

export function makeMailService({
  brand,
  clock,
  wakeWorker,
}: {
  brand: MailBrand;
  /** Queue times come from the same clock the worker reads (tests move it). */
  clock: Clock;
  /** Called after queueing, so delivery does not wait for the next poll. */
  wakeWorker: () => void;
}) {
  const templates = makeMailTemplates(brand);

  function wakeSoon(): void {
    // The caller's transaction commits after this returns; the worker's own poll covers a slow one.
    setTimeout(wakeWorker, 30).unref();
  }

  /** Queues a mail to any address (e.g. a visitor's support ticket reply). */
  async function queue(
    tx: Db,
    recipient: string,
    mail: RenderedMail,
    options: { clientId?: string | null; sendAfter?: Date } = {},
  ): Promise<void> {
    await insertMail(tx, {
      recipient,
      mail,
      clientId: options.clientId,
      sendAfter: options.sendAfter ?? clock.now(),
    });
    wakeSoon();
  }

  /**
   * Queues a mail to a client, read in the same transaction so the address is the one of the
   * committed state; nothing is queued for a client that does not exist, nor when `build`
   * returns null (a mail the client chose not to get, such as trade confirmations).
   */
  async function queueForClient(
    tx: Db,
    clientId: string,
    build: ClientMailBuild,
    options: { sendAfter?: Date } = {},
  ): Promise<void> {
    const client = await findMailRecipient(tx, clientId);
    const mail = client ? build(client, templates) : null;
    if (!client || !mail) return;
    await queue(tx, client.email, mail, { clientId, ...options });
  }

  /** queueForClient for many clients in two statements; each mail is built with its client. */
  async function queueForClients(
    tx: Db,
    mails: readonly { clientId: string; build: ClientMailBuild }[],
  ): Promise<void> {
    if (mails.length === 0) return;
    const found = await findMailRecipients(tx, [...new Set(mails.map((m) => m.clientId))]);
    const byId = new Map(found.map((client) => [client.id, client]));
    const sendAfter = clock.now();
    const queued = mails.flatMap(({ clientId, build }) => {
      const client = byId.get(clientId);
      const mail = client ? build(client, templates) : null;
      if (!client || !mail) return [];
      return [{ recipient: client.email, mail, clientId, sendAfter }];
    });
    if (queued.length === 0) return;
    await insertMails(tx, queued);
    wakeSoon();
  }

  return { templates, queue, queueForClient, queueForClients, brand };
}

export type MailService = ReturnType<typeof makeMailService>;
