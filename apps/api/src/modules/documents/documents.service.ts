// Verification documents' rules (docs/documents-api.md): what an upload must be, when a kind
// takes a new one, who may read which file, and the staff review with its audit record and the
// client's e-mail in one transaction.
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import {
  AppError,
  DOCUMENT_EXTENSIONS,
  DOCUMENT_KIND_LABELS,
  DOCUMENT_KINDS,
  DOCUMENT_MAX_BYTES,
  DOCUMENT_MESSAGES,
  DOCUMENT_NAME_MAX,
  DOCUMENT_SNIFF_BYTES,
  MESSAGES,
  sniffDocumentType,
  verificationStatusOf,
} from '@brokerdesk/shared';
import type {
  ClientDocument,
  ClientDocuments,
  DocumentContentType,
  DocumentKind,
  StaffClientDocuments,
  StaffDocument,
  StaffDocumentPage,
  StaffDocumentQuery,
  VerificationSummary,
} from '@brokerdesk/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { FileHandle } from 'node:fs/promises';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { isUuid } from '../../lib/ids.js';
import { recordAudit } from '../audit/index.js';
import type { StaffActor } from '../audit/index.js';
import type { MailService } from '../mail/index.js';
import {
  deleteDocuments,
  findClientDocument,
  findClientDocuments,
  findClientEmailState,
  findDocument,
  findLatestDocumentPerKind,
  findOpenDocumentsOfKind,
  findStaffClientDocuments,
  findStaffDocument,
  findStaffDocumentPage,
  insertDocument,
  lockClientForDocuments,
  lockDocument,
  setDocumentReview,
} from './documents.repo.js';
import type { DocumentRow, StaffDocumentRow } from './documents.repo.js';
import { UploadRefusedError, makeDocumentStorage } from './documents.storage.js';
import type { IdentityGate } from './identity-gate.js';
import type { DocumentStorage, ReceivedFile } from './documents.storage.js';

/** A client's list shows this many documents (every kind's newest is always in the summary). */
const CLIENT_LIST_LIMIT = 100;

const m = DOCUMENT_MESSAGES;
const m404 = () => new AppError('NOT_FOUND', m.notFound);

// ---------------------------------------------------------------------------------------------
// Views

export function toClientDocument(row: DocumentRow): ClientDocument {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    originalName: row.originalName,
    contentType: row.contentType as DocumentContentType,
    sizeBytes: row.sizeBytes,
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
  };
}

function toStaffDocument({ document, client, reviewerUsername }: StaffDocumentRow): StaffDocument {
  return {
    ...toClientDocument(document),
    client: {
      id: client.id,
      name: `${client.firstName} ${client.lastName}`,
      email: client.email,
    },
    sha256: document.sha256,
    reviewedBy: reviewerUsername,
  };
}

function summaryOf(emailVerified: boolean, latest: DocumentRow[]): VerificationSummary {
  const documents = Object.fromEntries(DOCUMENT_KINDS.map((kind) => [kind, null])) as Record<
    DocumentKind,
    ClientDocument | null
  >;
  for (const row of latest) documents[row.kind] = toClientDocument(row);
  return { emailVerified, status: verificationStatusOf(documents), documents };
}

// ---------------------------------------------------------------------------------------------
// File names

/**
 * The original name for display: the last path segment of what the client sent (percent-decoded
 * when it can be), without control or quote characters, at most DOCUMENT_NAME_MAX characters,
 * ending in the extension of the sniffed type. Empty → "proof-of-id.pdf" and the like.
 */
export function cleanOriginalName(
  sent: string | undefined,
  kind: DocumentKind,
  type: DocumentContentType,
): string {
  let name = sent ?? '';
  try {
    name = decodeURIComponent(name);
  } catch {
    // Not percent-encoded: keep it as it came.
  }
  const extension = DOCUMENT_EXTENSIONS[type];
  name = name.split(/[/\\]/).pop() ?? '';
  name = name
    .normalize('NFC')
    // Control characters, quotes and characters that mean something in headers or paths.
    .replace(/[\p{Cc}\p{Cf}"'`<>:|?*;]/gu, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '');
  // The sniffed type's extension replaces whatever the client claimed.
  const stem = name.replace(/\.[^.]{0,10}$/, '').trim();
  const base = stem === '' ? DOCUMENT_KIND_LABELS[kind].toLowerCase().replace(/ /g, '-') : stem;
  return `${Array.from(base)
    .slice(0, DOCUMENT_NAME_MAX - extension.length)
    .join('')}${extension}`;
}

/** An ASCII-only variant for `filename=` in Content-Disposition (the UTF-8 one goes in `filename*`). */
export function asciiFileName(name: string): string {
  return name.replace(/[^\x20-\x7e]/g, '_').replace(/[\\"%]/g, '_');
}

// ---------------------------------------------------------------------------------------------
// Service

export interface OpenedDocumentFile {
  document: ClientDocument;
  handle: FileHandle;
}

export function makeDocumentService({
  db,
  clock,
  storage,
  mail,
  log,
  identityGate,
}: {
  db: Db;
  clock: Clock;
  storage: DocumentStorage;
  mail: MailService;
  log: FastifyBaseLogger;
  /** What waits for the documents (decision 104), for GET /api/documents/limits. */
  identityGate: IdentityGate;
}) {
  async function verificationOf(clientId: string): Promise<VerificationSummary> {
    const state = await findClientEmailState(db, clientId);
    if (!state) throw new AppError('NOT_FOUND', MESSAGES.money.clientNotFound);
    return summaryOf(state.emailVerified, await findLatestDocumentPerKind(db, clientId));
  }

  function refusalError(error: UploadRefusedError): AppError {
    if (error.refusal === 'too-large') return new AppError('PAYLOAD_TOO_LARGE', m.tooLarge);
    if (error.refusal === 'empty') return new AppError('BAD_REQUEST', m.fileEmpty);
    return new AppError('UNSUPPORTED_MEDIA_TYPE', m.wrongType);
  }

  function refuseIfApproved(open: { status: string }[]): void {
    if (open.some((doc) => doc.status === 'approved')) {
      throw new AppError('CONFLICT', m.alreadyApproved);
    }
  }

  /**
   * Stores an upload as the kind's newest document, pending review. Rules:
   * - a kind with an approved document takes no more uploads (409);
   * - a pending document of the kind is replaced: its row and file are deleted, so a kind has
   *   at most one pending document and the queue never holds stale ones;
   * - a rejected document stays (with its reason) as history; the new one counts.
   * Size and type are checked while the bytes arrive; nothing is kept from a refused upload.
   */
  async function uploadDocument({
    clientId,
    kind,
    fileName,
    declaredBytes,
    body,
  }: {
    clientId: string;
    kind: DocumentKind;
    /** The `x-file-name` header, as sent. */
    fileName: string | undefined;
    /** The Content-Length header, when there is one. */
    declaredBytes: number | undefined;
    body: Readable;
  }): Promise<{ document: ClientDocument; verification: VerificationSummary }> {
    if (declaredBytes !== undefined && declaredBytes > DOCUMENT_MAX_BYTES) {
      throw new AppError('PAYLOAD_TOO_LARGE', m.tooLarge);
    }
    // Refuse before reading 10 MB that could not be kept anyway (checked again under lock).
    refuseIfApproved(await findOpenDocumentsOfKind(db, clientId, kind, { lock: false }));

    let received: ReceivedFile<DocumentContentType>;
    try {
      received = await storage.receive(body, {
        maxBytes: DOCUMENT_MAX_BYTES,
        sniffBytes: DOCUMENT_SNIFF_BYTES,
        sniff: sniffDocumentType,
      });
    } catch (error) {
      if (error instanceof UploadRefusedError) throw refusalError(error);
      throw error;
    }

    const storedName = storage.newStoredName();
    let kept = false;
    let replaced: string[] = [];
    let row: DocumentRow;
    try {
      row = await db.transaction(async (tx) => {
        if (!(await lockClientForDocuments(tx, clientId))) throw m404();
        const open = await findOpenDocumentsOfKind(tx, clientId, kind, { lock: true });
        refuseIfApproved(open);
        await deleteDocuments(
          tx,
          open.map((doc) => doc.id),
        );
        replaced = open.map((doc) => doc.storedName);
        const inserted = await insertDocument(tx, {
          clientId,
          kind,
          status: 'pending',
          storedName,
          originalName: cleanOriginalName(fileName, kind, received.contentType),
          contentType: received.contentType,
          sizeBytes: received.sizeBytes,
          sha256: received.sha256,
          createdAt: clock.now(),
        });
        // Last, so a failure above leaves no named file; a failed commit removes it below.
        await storage.keep(received, storedName);
        kept = true;
        return inserted;
      });
    } catch (error) {
      await storage.discard(received);
      if (kept) await storage.remove(storedName);
      throw error;
    }

    for (const name of replaced) {
      // The rows are gone; a file that cannot be deleted now is only disk space.
      await storage.remove(name).catch((error: unknown) => {
        log.warn({ err: error }, 'could not delete a replaced document file');
      });
    }
    return { document: toClientDocument(row), verification: await verificationOf(clientId) };
  }

  async function listClientDocuments({ clientId }: { clientId: string }): Promise<ClientDocuments> {
    const rows = await findClientDocuments(db, clientId, CLIENT_LIST_LIMIT);
    return { items: rows.map(toClientDocument), verification: await verificationOf(clientId) };
  }

  /** 404 for a document of another client, exactly as for one that does not exist. */
  async function getClientDocument({
    clientId,
    id,
  }: {
    clientId: string;
    id: string;
  }): Promise<ClientDocument> {
    const row = isUuid(id) ? await findClientDocument(db, clientId, id) : null;
    if (!row) throw m404();
    return toClientDocument(row);
  }

  async function openFile(row: DocumentRow | null): Promise<OpenedDocumentFile> {
    if (!row) throw m404();
    const handle = await storage.openStored(row.storedName);
    if (!handle) {
      log.error({ documentId: row.id }, 'document file missing from the uploads directory');
      throw new AppError('NOT_FOUND', m.fileMissing);
    }
    return { document: toClientDocument(row), handle };
  }

  async function openClientDocumentFile({ clientId, id }: { clientId: string; id: string }) {
    return openFile(isUuid(id) ? await findClientDocument(db, clientId, id) : null);
  }

  /** Staff looking at a client's identity papers is itself on the record (audited). */
  async function openStaffDocumentFile({ id, actor }: { id: string; actor: StaffActor }) {
    const row = isUuid(id) ? await findDocument(db, id) : null;
    if (row) {
      await recordAudit(db, actor, {
        action: 'document.view',
        targetType: 'client',
        targetId: row.clientId,
        after: { documentId: row.id, kind: row.kind },
      });
    }
    return openFile(row);
  }

  async function listStaffDocuments(query: StaffDocumentQuery): Promise<StaffDocumentPage> {
    if (query.cursor !== undefined && !isUuid(query.cursor)) {
      throw new AppError('VALIDATION_FAILED', 'cursor is not valid', {
        cursor: ['cursor is not valid'],
      });
    }
    const rows = await findStaffDocumentPage(db, {
      status: query.status,
      limit: query.limit + 1,
      afterId: query.cursor,
    });
    const page = rows.slice(0, query.limit);
    return {
      items: page.map(toStaffDocument),
      nextCursor: rows.length > query.limit ? (page.at(-1)?.document.id ?? null) : null,
    };
  }

  async function listStaffClientDocuments({
    clientId,
  }: {
    clientId: string;
  }): Promise<StaffClientDocuments> {
    if (!isUuid(clientId)) throw new AppError('NOT_FOUND', MESSAGES.money.clientNotFound);
    const verification = await verificationOf(clientId);
    const rows = await findStaffClientDocuments(db, clientId, CLIENT_LIST_LIMIT);
    return { items: rows.map(toStaffDocument), verification };
  }

  /**
   * Approves or rejects a pending document: the decision, its audit record and the client's
   * e-mail commit together. 409 when it was already decided (by anyone).
   */
  async function reviewDocument({
    actor,
    id,
    decision,
    reason,
  }: {
    actor: StaffActor;
    id: string;
    decision: 'approve' | 'reject';
    /** Required to reject (the route's schema sees to it). */
    reason?: string;
  }): Promise<StaffDocument> {
    if (!isUuid(id)) throw m404();
    if (decision === 'reject' && !reason) throw new AppError('BAD_REQUEST', 'A reason is required');
    await db.transaction(async (tx) => {
      const row = await lockDocument(tx, id);
      if (!row) throw m404();
      if (row.status !== 'pending') throw new AppError('CONFLICT', m.alreadyReviewed);
      const status = decision === 'approve' ? 'approved' : 'rejected';
      const decidedReason = decision === 'reject' ? (reason ?? null) : null;
      await setDocumentReview(tx, id, {
        status,
        reason: decidedReason,
        reviewedBy: actor.staffId,
        reviewedAt: clock.now(),
      });
      // Filed under the client, so the client's audit trail shows their documents' decisions.
      await recordAudit(tx, actor, {
        action: `document.${decision}`,
        targetType: 'client',
        targetId: row.clientId,
        before: { documentId: id, kind: row.kind, status: row.status },
        after: {
          documentId: id,
          kind: row.kind,
          status,
          ...(decidedReason ? { reason: decidedReason } : {}),
        },
      });
      const documentLabel = DOCUMENT_KIND_LABELS[row.kind];
      await mail.queueForClient(tx, row.clientId, (client, templates) =>
        decision === 'approve'
          ? templates.documentApproved({ firstName: client.firstName, documentLabel })
          : templates.documentRejected({
              firstName: client.firstName,
              documentLabel,
              reason: decidedReason ?? '',
            }),
      );
    });
    const reviewed = await findStaffDocument(db, id);
    if (!reviewed) throw m404();
    return toStaffDocument(reviewed);
  }

  return {
    uploadDocument,
    listClientDocuments,
    getVerificationLimits: identityGate.getLimits,
    getClientDocument,
    openClientDocumentFile,
    openStaffDocumentFile,
    listStaffDocuments,
    listStaffClientDocuments,
    reviewDocument,
  };
}

export type DocumentService = ReturnType<typeof makeDocumentService>;

/**
 * Opens `${dataDir}/uploads` (deleting unfinished uploads a previous run left) and builds the
 * service on it; called once at start.
 */
export async function openDocumentService({
  dataDir,
  ...deps
}: Omit<Parameters<typeof makeDocumentService>[0], 'storage'> & {
  /** config.dataDir: files go to `${dataDir}/uploads`. */
  dataDir: string;
}): Promise<DocumentService> {
  const storage = makeDocumentStorage({ dir: join(dataDir, 'uploads') });
  await storage.ensureDirectory();
  const swept = await storage.sweepPartials(deps.clock.now());
  if (swept > 0) deps.log.info(`Deleted ${swept} unfinished upload(s) from the uploads directory`);
  return makeDocumentService({ ...deps, storage });
}
