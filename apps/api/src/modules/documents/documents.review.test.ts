// Staff review of verification documents, through the real app and database: the queue, the
// files, approve and reject (reason required, decided once), each with its audit record and the
// client's e-mail queued in the same transaction; roles without documents:review are refused.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DOCUMENT_MESSAGES, MESSAGES } from '@brokerdesk/shared';
import type {
  ClientDocuments,
  DocumentReviewed,
  DocumentUploaded,
  StaffClientDocuments,
  StaffDocumentPage,
} from '@brokerdesk/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, mailOutbox } from '../../db/schema.js';
import { clientCaller, get, post, staffCaller } from '../../test/money-fixtures.js';
import type { Caller } from '../../test/money-fixtures.js';
import { createTestApp } from '../../test/test-app.js';
import type { TestApp } from '../../test/test-app.js';
import { PDF_BYTES, PNG_BYTES, upload } from '../../test/documents-fixtures.js';

let t: TestApp;
let owner: Caller;
let compliance: Caller;
let support: Caller;
let auditor: Caller;

beforeAll(async () => {
  t = await createTestApp({ env: { STAFF_2FA: 'optional' } });
  owner = await staffCaller(t, 'owner');
  compliance = await staffCaller(t, 'compliance');
  support = await staffCaller(t, 'support');
  auditor = await staffCaller(t, 'auditor');
});
afterAll(async () => {
  await t?.close();
});

async function uploaded(client: Caller, kind = 'id', bytes = PDF_BYTES): Promise<string> {
  const response = await upload(t, client, bytes, { kind, name: `${kind}.pdf` });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<DocumentUploaded>().document.id;
}

async function auditRows(clientId: string, action: string) {
  return t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetId, clientId), eq(auditLog.action, action)));
}

async function mailsTo(clientId: string, template: string) {
  return t.database.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.clientId, clientId), eq(mailOutbox.template, template)));
}

/**
 * A queued mail's text; the worker may already have sent it (and emptied the row's body), in
 * which case it is in one of the .eml files of DATA_DIR/outbox.
 */
async function mailText(row: { textBody: string | null }): Promise<string> {
  if (row.textBody) return row.textBody;
  const outbox = join(t.dataDir, 'outbox');
  const files = (await readdir(outbox)).filter((file) => file.endsWith('.eml'));
  const texts = await Promise.all(files.map((file) => readFile(join(outbox, file), 'utf8')));
  return texts.join('\n');
}

describe('staff review of documents', () => {
  it('approves a pending document: audited, the client e-mailed, the client sees Approved', async () => {
    const client = await clientCaller(t);
    const id = await uploaded(client);

    const response = await post(t, `/api/staff/documents/${id}/approve`, owner);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<DocumentReviewed>();
    expect(body.message).toBe(DOCUMENT_MESSAGES.approved);
    expect(body.document).toMatchObject({ id, status: 'approved', reason: null });
    expect(body.document.reviewedBy).toMatch(/^owner-/);
    expect(body.document.reviewedAt).not.toBeNull();

    const [audit] = await auditRows(client.id, 'document.approve');
    expect(audit).toMatchObject({
      targetType: 'client',
      staffRole: 'owner',
      before: { documentId: id, kind: 'id', status: 'pending' },
      after: { documentId: id, kind: 'id', status: 'approved' },
    });

    const mails = await mailsTo(client.id, 'document-approved');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.recipient).toBe(client.email);
    expect(mails[0]?.subject).toContain('Proof of ID approved');

    const mine = (await get(t, '/api/documents', client)).json<ClientDocuments>();
    expect(mine.verification.documents.id?.status).toBe('approved');
  });

  it('rejects with a reason the client then reads, audited and e-mailed', async () => {
    const client = await clientCaller(t);
    const id = await uploaded(client, 'residence');
    const reason = 'The bill is older than 3 months';

    const response = await post(t, `/api/staff/documents/${id}/reject`, compliance, { reason });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<DocumentReviewed>().document).toMatchObject({
      status: 'rejected',
      reason,
    });

    const [audit] = await auditRows(client.id, 'document.reject');
    expect(audit?.after).toEqual({ documentId: id, kind: 'residence', status: 'rejected', reason });
    const mails = await mailsTo(client.id, 'document-rejected');
    expect(mails).toHaveLength(1);
    expect(await mailText(mails[0] ?? { textBody: null })).toContain(reason);

    const mine = (await get(t, '/api/documents', client)).json<ClientDocuments>();
    expect(mine.items[0]).toMatchObject({ id, status: 'rejected', reason });
    expect(mine.verification.status).toBe('action-needed');
  });

  it('requires a reason to reject, and changes nothing without one', async () => {
    const client = await clientCaller(t);
    const id = await uploaded(client);
    for (const payload of [{}, { reason: '   ' }]) {
      const response = await post(t, `/api/staff/documents/${id}/reject`, owner, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json<{ message: string }>().message).toBe(MESSAGES.money.reasonRequired);
    }
    const tooLong = await post(t, `/api/staff/documents/${id}/reject`, owner, {
      reason: 'x'.repeat(501),
    });
    expect(tooLong.statusCode).toBe(400);
    const mine = (await get(t, `/api/documents/${id}`, client)).json<{ status: string }>();
    expect(mine.status).toBe('pending');
    expect(await auditRows(client.id, 'document.reject')).toEqual([]);
  });

  it('answers 409 to a second decision, which changes nothing and sends no second e-mail', async () => {
    const client = await clientCaller(t);
    const id = await uploaded(client);
    expect((await post(t, `/api/staff/documents/${id}/approve`, owner)).statusCode).toBe(200);

    const again = await post(t, `/api/staff/documents/${id}/approve`, compliance);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: DOCUMENT_MESSAGES.alreadyReviewed, code: 'CONFLICT' });
    const reject = await post(t, `/api/staff/documents/${id}/reject`, owner, { reason: 'No' });
    expect(reject.statusCode).toBe(409);

    expect(await auditRows(client.id, 'document.approve')).toHaveLength(1);
    expect(await auditRows(client.id, 'document.reject')).toHaveLength(0);
    expect(await mailsTo(client.id, 'document-approved')).toHaveLength(1);
    expect(await mailsTo(client.id, 'document-rejected')).toHaveLength(0);
  });

  it('answers 404 for a document that does not exist', async () => {
    const response = await post(
      t,
      '/api/staff/documents/00000000-0000-4000-8000-000000000000/approve',
      owner,
    );
    expect(response.statusCode).toBe(404);
    expect(response.json<{ message: string }>().message).toBe(DOCUMENT_MESSAGES.notFound);
  });

  it('refuses support and auditor staff the decision (403), but lets them read', async () => {
    const client = await clientCaller(t);
    const id = await uploaded(client);
    for (const caller of [support, auditor]) {
      const approve = await post(t, `/api/staff/documents/${id}/approve`, caller);
      expect(approve.statusCode).toBe(403);
      const reject = await post(t, `/api/staff/documents/${id}/reject`, caller, { reason: 'No' });
      expect(reject.statusCode).toBe(403);
      expect((await get(t, `/api/staff/documents/${id}/file`, caller)).statusCode).toBe(200);
    }
    expect((await get(t, `/api/documents/${id}`, client)).json<{ status: string }>().status).toBe(
      'pending',
    );
  });

  it('refuses a client the staff routes (403)', async () => {
    const client = await clientCaller(t);
    const id = await uploaded(client);
    expect((await post(t, `/api/staff/documents/${id}/approve`, client)).statusCode).toBe(403);
    expect((await get(t, `/api/staff/documents/${id}/file`, client)).statusCode).toBe(403);
    expect((await get(t, '/api/staff/documents', client)).statusCode).toBe(403);
  });

  it('serves staff the file with the same protective headers', async () => {
    const client = await clientCaller(t);
    const id = await uploaded(client, 'card-front', PNG_BYTES);
    const response = await get(t, `/api/staff/documents/${id}/file`, owner);
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(PNG_BYTES)).toBe(true);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.headers['content-security-policy']).toContain('sandbox');
  });

  it('puts every staff view of a file in the audit log, under the client', async () => {
    const client = await clientCaller(t);
    const id = await uploaded(client, 'id', PDF_BYTES);
    await get(t, `/api/staff/documents/${id}/file`, compliance);
    await get(t, `/api/staff/documents/${id}/file`, auditor);
    const views = await t.database.db
      .select({ staffRole: auditLog.staffRole, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'document.view'), eq(auditLog.targetId, client.id)))
      .orderBy(auditLog.createdAt);
    expect(views).toEqual([
      { staffRole: 'compliance', after: { documentId: id, kind: 'id' } },
      { staffRole: 'auditor', after: { documentId: id, kind: 'id' } },
    ]);
  });
});

describe('the staff queue', () => {
  it('lists pending documents oldest first with their clients, page by page', async () => {
    const fresh = await createTestApp({ env: { STAFF_2FA: 'optional' } });
    try {
      const staff = await staffCaller(fresh, 'operations');
      const ann = await clientCaller(fresh);
      const bob = await clientCaller(fresh);
      const ids: string[] = [];
      for (const [client, kind] of [
        [ann, 'id'],
        [bob, 'id'],
        [ann, 'residence'],
      ] as const) {
        const response = await upload(fresh, client, PDF_BYTES, { kind });
        ids.push(response.json<DocumentUploaded>().document.id);
      }

      const first = await get(fresh, '/api/staff/documents?limit=2', staff);
      const page1 = first.json<StaffDocumentPage>();
      expect(page1.items.map((doc) => doc.id)).toEqual(ids.slice(0, 2));
      expect(page1.items[0]?.client).toEqual({
        id: ann.id,
        name: `${ann.body.firstName} ${ann.body.lastName}`,
        email: ann.email,
      });
      expect(page1.items[0]?.sha256).toMatch(/^[0-9a-f]{64}$/);
      expect(page1.nextCursor).toBe(ids[1]);
      const page2 = (
        await get(fresh, `/api/staff/documents?limit=2&cursor=${page1.nextCursor}`, staff)
      ).json<StaffDocumentPage>();
      expect(page2.items.map((doc) => doc.id)).toEqual([ids[2]]);
      expect(page2.nextCursor).toBeNull();

      // A decided document leaves the queue and shows under its status.
      await post(fresh, `/api/staff/documents/${ids[0]}/approve`, staff);
      const queue = (await get(fresh, '/api/staff/documents', staff)).json<StaffDocumentPage>();
      expect(queue.items.map((doc) => doc.id)).toEqual(ids.slice(1));
      const approved = (
        await get(fresh, '/api/staff/documents?status=approved', staff)
      ).json<StaffDocumentPage>();
      expect(approved.items.map((doc) => [doc.id, doc.reviewedBy])).toEqual([
        [ids[0], expect.stringMatching(/^operations-/)],
      ]);

      const badCursor = await get(fresh, '/api/staff/documents?cursor=nope', staff);
      expect(badCursor.statusCode).toBe(400);
    } finally {
      await fresh.close();
    }
  });

  it("lists one client's documents with their summary; 404 for an unknown client", async () => {
    const client = await clientCaller(t);
    const idDoc = await uploaded(client, 'id');
    const residence = await uploaded(client, 'residence');
    await uploaded(client, 'card-front', PNG_BYTES);
    await post(t, `/api/staff/documents/${idDoc}/approve`, owner);
    await post(t, `/api/staff/documents/${residence}/approve`, owner);

    const response = await get(t, `/api/staff/clients/${client.id}/documents`, support);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<StaffClientDocuments>();
    expect(body.items.map((doc) => doc.kind)).toEqual(['card-front', 'residence', 'id']);
    // Card photos pending do not hold verification back.
    expect(body.verification.status).toBe('verified');

    const unknown = await get(
      t,
      '/api/staff/clients/00000000-0000-4000-8000-000000000000/documents',
      owner,
    );
    expect(unknown.statusCode).toBe(404);
  });
});

describe('replacing documents after a decision', () => {
  it('takes a new upload after a rejection (the newest counts) but none after an approval', async () => {
    const client = await clientCaller(t);
    const rejected = await uploaded(client, 'id');
    await post(t, `/api/staff/documents/${rejected}/reject`, owner, { reason: 'Blurred' });

    const replacement = await uploaded(client, 'id', PNG_BYTES);
    let mine = (await get(t, '/api/documents', client)).json<ClientDocuments>();
    expect(mine.items.map((doc) => [doc.id, doc.status])).toEqual([
      [replacement, 'pending'],
      [rejected, 'rejected'],
    ]);
    expect(mine.verification.documents.id?.id).toBe(replacement);

    await post(t, `/api/staff/documents/${replacement}/approve`, owner);
    const refused = await upload(t, client, PDF_BYTES, { kind: 'id' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toBe(DOCUMENT_MESSAGES.alreadyApproved);
    mine = (await get(t, '/api/documents', client)).json<ClientDocuments>();
    expect(mine.items).toHaveLength(2);
  });
});
