// Verification documents (docs/documents-api.md): the client's upload, list and files, and the
// staff routes (staff-documents.routes.ts). The upload's body is the file itself, streamed to
// disk; every other call is JSON.
import { Readable } from 'node:stream';
import {
  AppError,
  ClientDocumentsSchema,
  DOCUMENT_FILE_NAME_HEADER,
  DOCUMENT_MAX_BYTES,
  DOCUMENT_MESSAGES,
  DocumentSchema,
  DocumentUploadedSchema,
  DocumentUploadQuerySchema,
  VerificationLimitsSchema,
} from '@brokerdesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireClient } from '../../plugins/auth.js';
import { sendDocumentFile } from './documents.file.js';
import type { DocumentService } from './documents.service.js';
import { staffDocumentRoutes } from './staff-documents.routes.js';

export interface DocumentRoutesOptions {
  service: DocumentService;
}

/** Per client: enough for a person getting four documents right, too few to fill a disk. */
export const DOCUMENT_UPLOAD_RATE_LIMIT = { max: 20, timeWindowMs: 60 * 60 * 1000 } as const;

const IdParamsSchema = z.object({ id: z.string().max(64) });
const UploadHeadersSchema = z.looseObject({
  [DOCUMENT_FILE_NAME_HEADER]: z.string().max(2_000).optional(),
  'content-length': z.string().max(20).optional(),
});
const tags = ['documents'];
const security = [{ userToken: [] }];

function declaredLength(header: string | undefined): number | undefined {
  return header !== undefined && /^\d+$/.test(header) ? Number(header) : undefined;
}

function isReadable(value: unknown): value is Readable {
  return typeof value === 'object' && value !== null && 'pipe' in value && 'on' in value;
}

/**
 * POST /api/documents in a scope of its own: whatever the Content-Type, the body reaches the
 * handler as the unread request stream (the type is sniffed from the bytes, so what the client
 * declares does not matter), and the 100 KB JSON limit does not apply.
 */
const uploadRoute: FastifyPluginAsyncZod<{ service: DocumentService }> = async (
  app,
  { service },
) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

  app.post(
    '/api/documents',
    {
      config: {
        auth: 'client',
        rateLimit: {
          max: DOCUMENT_UPLOAD_RATE_LIMIT.max,
          timeWindow: DOCUMENT_UPLOAD_RATE_LIMIT.timeWindowMs,
          // The auth hook ran first: one allowance per client, wherever they connect from.
          keyGenerator: (request) => `documents:${request.client?.clientId ?? request.ip}`,
          errorResponseBuilder: () =>
            new AppError('RATE_LIMITED', 'Too many uploads; please try again in an hour.'),
        },
      },
      // Checked by the service while streaming; this only bounds a body Fastify would buffer.
      bodyLimit: DOCUMENT_MAX_BYTES,
      schema: {
        tags,
        security,
        summary: 'Upload a verification document (the body is the file: JPEG, PNG or PDF)',
        description:
          'The body is the raw file (any Content-Type, e.g. application/octet-stream); its type ' +
          'is sniffed from its first bytes. At most 10 MB (413), JPEG/PNG/PDF only (415). ' +
          `Optional header \`${DOCUMENT_FILE_NAME_HEADER}\`: the original file name, ` +
          'percent-encoded. A pending document of the same kind is replaced; a kind with an ' +
          'approved document takes no more uploads (409).',
        querystring: DocumentUploadQuerySchema,
        headers: UploadHeadersSchema,
        response: { 201: DocumentUploadedSchema },
      },
    },
    async (request, reply) => {
      const body = isReadable(request.body) ? request.body : Readable.from([]);
      const uploaded = await service.uploadDocument({
        clientId: requireClient(request).clientId,
        kind: request.query.kind,
        fileName: request.headers[DOCUMENT_FILE_NAME_HEADER],
        declaredBytes: declaredLength(request.headers['content-length']),
        body,
      });
      return reply.code(201).send({ message: DOCUMENT_MESSAGES.uploaded, ...uploaded });
    },
  );
};

export const documentRoutes: FastifyPluginAsyncZod<DocumentRoutesOptions> = async (
  app,
  { service },
) => {
  await app.register(uploadRoute, { service });

  app.get(
    '/api/documents',
    {
      config: { auth: 'client' },
      schema: {
        tags,
        security,
        summary: "The signed-in client's documents (newest first) and verification summary",
        response: { 200: ClientDocumentsSchema },
      },
    },
    async (request) => service.listClientDocuments({ clientId: requireClient(request).clientId }),
  );

  app.get(
    '/api/documents/limits',
    {
      config: { auth: 'client' },
      schema: {
        tags,
        security,
        summary:
          'What waits for your proof of ID and of residence: withdrawals, and deposits past the limit',
        response: { 200: VerificationLimitsSchema },
      },
    },
    async (request) => service.getVerificationLimits({ clientId: requireClient(request).clientId }),
  );

  app.get(
    '/api/documents/:id',
    {
      config: { auth: 'client' },
      schema: {
        tags,
        security,
        summary: 'One of your documents (404 for any other)',
        params: IdParamsSchema,
        response: { 200: DocumentSchema },
      },
    },
    async (request) =>
      service.getClientDocument({
        clientId: requireClient(request).clientId,
        id: request.params.id,
      }),
  );

  app.get(
    '/api/documents/:id/file',
    {
      config: { auth: 'client' },
      schema: {
        tags,
        security,
        summary: 'The file of one of your documents (404 for any other)',
        params: IdParamsSchema,
      },
    },
    async (request, reply) =>
      sendDocumentFile(
        reply,
        await service.openClientDocumentFile({
          clientId: requireClient(request).clientId,
          id: request.params.id,
        }),
      ),
  );

  await app.register(staffDocumentRoutes, { service });
};
