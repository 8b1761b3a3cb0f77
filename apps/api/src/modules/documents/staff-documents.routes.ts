// The back office's document calls (docs/documents-api.md): the review queue, a client's
// documents, the files, and the decision. Reading needs clients:read; deciding needs
// documents:review (owner, operations, compliance).
import {
  DOCUMENT_MESSAGES,
  DocumentRejectBodySchema,
  DocumentReviewedSchema,
  StaffClientDocumentsSchema,
  StaffDocumentPageSchema,
  StaffDocumentQuerySchema,
} from '@brokerdesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireStaffActor } from '../../plugins/auth.js';
import { sendDocumentFile } from './documents.file.js';
import type { DocumentService } from './documents.service.js';

const IdParamsSchema = z.object({ id: z.string().max(64) });
const ClientIdParamsSchema = z.object({ clientId: z.string().max(64) });
const tags = ['staff documents'];
const security = [{ staffToken: [] }];
const read = { auth: 'staff', permission: 'clients:read' } as const;
const review = { auth: 'staff', permission: 'documents:review' } as const;

export const staffDocumentRoutes: FastifyPluginAsyncZod<{ service: DocumentService }> = async (
  app,
  { service },
) => {
  app.get(
    '/api/staff/documents',
    {
      config: read,
      schema: {
        tags,
        security,
        summary: 'Documents of a status: pending (the queue) oldest first, others newest first',
        querystring: StaffDocumentQuerySchema,
        response: { 200: StaffDocumentPageSchema },
      },
    },
    async (request) => service.listStaffDocuments(request.query),
  );

  app.get(
    '/api/staff/documents/:id/file',
    {
      config: read,
      schema: { tags, security, summary: "A document's file", params: IdParamsSchema },
    },
    async (request, reply) =>
      sendDocumentFile(
        reply,
        await service.openStaffDocumentFile({
          id: request.params.id,
          actor: requireStaffActor(request),
        }),
      ),
  );

  app.get(
    '/api/staff/clients/:clientId/documents',
    {
      config: read,
      schema: {
        tags,
        security,
        summary: "One client's documents (newest first) and verification summary",
        params: ClientIdParamsSchema,
        response: { 200: StaffClientDocumentsSchema },
      },
    },
    async (request) => service.listStaffClientDocuments({ clientId: request.params.clientId }),
  );

  app.post(
    '/api/staff/documents/:id/approve',
    {
      config: review,
      schema: {
        tags,
        security,
        summary: 'Approve a pending document (409 when already decided); the client is e-mailed',
        params: IdParamsSchema,
        response: { 200: DocumentReviewedSchema },
      },
    },
    async (request) => ({
      message: DOCUMENT_MESSAGES.approved,
      document: await service.reviewDocument({
        actor: requireStaffActor(request),
        id: request.params.id,
        decision: 'approve',
      }),
    }),
  );

  app.post(
    '/api/staff/documents/:id/reject',
    {
      config: review,
      schema: {
        tags,
        security,
        summary: 'Reject a pending document with a reason the client sees; the client is e-mailed',
        params: IdParamsSchema,
        body: DocumentRejectBodySchema,
        response: { 200: DocumentReviewedSchema },
      },
    },
    async (request) => ({
      message: DOCUMENT_MESSAGES.rejected,
      document: await service.reviewDocument({
        actor: requireStaffActor(request),
        id: request.params.id,
        decision: 'reject',
        reason: request.body.reason,
      }),
    }),
  );
};
