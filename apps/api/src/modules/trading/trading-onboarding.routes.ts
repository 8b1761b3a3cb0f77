// The live onboarding's routes (decision 132): the client reads what a Live account still
// needs, acknowledges the risk disclosure and takes the appropriateness test; staff with
// clients:read see a client's state, and owner and compliance (clients:categorise) set the
// client's category with a reason, audited.
import {
  AcknowledgeDisclosureBodySchema,
  AppropriatenessBodySchema,
  CLIENT_CATEGORIES,
  ClientCategoryBodySchema,
  LEVERAGE_CAP_CLASSES,
} from '@brokerdesk/shared/trading';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireClient, requireStaffActor } from '../../plugins/auth.js';
import type { TradingOnboarding } from './trading-onboarding.service.js';

const ErrorSchema = z.object({ message: z.string(), code: z.string().optional() });
const TestSchema = z.object({
  status: z.enum(['not-taken', 'passed', 'failed']),
  takenAt: z.string().nullable(),
  correct: z.number().int().nullable(),
  total: z.number().int(),
  passMark: z.number().int(),
  retakeAt: z.string().nullable(),
});
const OnboardingSchema = z.object({
  emailVerified: z.boolean(),
  missingDocuments: z.array(z.object({ kind: z.string(), state: z.string() })),
  disclosure: z.object({
    version: z.string(),
    acknowledgedVersion: z.string().nullable(),
    acknowledgedAt: z.string().nullable(),
    current: z.boolean(),
  }),
  test: TestSchema,
  category: z.enum(CLIENT_CATEGORIES),
  retailLeverageCaps: z.record(z.enum(LEVERAGE_CAP_CLASSES), z.number().int()).nullable(),
  ready: z.boolean(),
});
const StaffProfileSchema = OnboardingSchema.extend({
  categoryChange: z
    .object({ at: z.string(), by: z.string().nullable(), reason: z.string() })
    .nullable(),
});
const TestResultSchema = TestSchema.extend({
  wrong: z.array(z.object({ questionId: z.string(), explanation: z.string() })),
});
const ClientParamsSchema = z.object({ clientId: z.string().max(64) });

const clientOnly = { auth: 'client' } as const;
const tags = ['trading'];
const staffTags = ['staff trading'];
const security = [{ userToken: [] }];
const staffSecurity = [{ staffToken: [] }];

export const onboardingRoutes: FastifyPluginAsyncZod<{ service: TradingOnboarding }> = async (
  app,
  { service },
) => {
  app.get(
    '/api/trading/onboarding',
    {
      config: clientOnly,
      schema: {
        tags,
        security,
        summary:
          'What a Live account still needs (e-mail, documents, risk disclosure, appropriateness test), and the client’s category and leverage caps',
        response: { 200: OnboardingSchema },
      },
    },
    async (request) => {
      const client = requireClient(request);
      return service.stateOf(client.clientId, client.emailVerified);
    },
  );

  app.post(
    '/api/trading/onboarding/risk-disclosure',
    {
      config: clientOnly,
      schema: {
        tags,
        security,
        summary: 'Acknowledge the current version of the CFD risk disclosure',
        body: AcknowledgeDisclosureBodySchema,
        response: { 200: OnboardingSchema },
      },
    },
    async (request) => {
      const client = requireClient(request);
      return service.acknowledgeDisclosure({
        clientId: client.clientId,
        emailVerified: client.emailVerified,
      });
    },
  );

  app.post(
    '/api/trading/onboarding/appropriateness',
    {
      config: clientOnly,
      schema: {
        tags,
        security,
        summary:
          'Submit the appropriateness test: graded here; a fail may be retaken after 24 hours',
        body: AppropriatenessBodySchema,
        response: { 201: TestResultSchema, 409: ErrorSchema },
      },
    },
    async (request, reply) => {
      const result = await service.submitTest({
        clientId: requireClient(request).clientId,
        answers: request.body.answers,
      });
      return reply.code(201).send(result);
    },
  );

  app.get(
    '/api/staff/clients/:clientId/trading-profile',
    {
      config: { auth: 'staff', permission: 'clients:read' },
      schema: {
        tags: staffTags,
        security: staffSecurity,
        summary: 'A client’s category and live onboarding (disclosure, test, documents)',
        params: ClientParamsSchema,
        response: { 200: StaffProfileSchema },
      },
    },
    async (request) => service.staffProfile(request.params.clientId),
  );

  app.put(
    '/api/staff/clients/:clientId/trading-category',
    {
      config: { auth: 'staff', permission: 'clients:categorise' },
      schema: {
        tags: staffTags,
        security: staffSecurity,
        summary:
          'Set a client’s category (retail or professional) with a reason: new positions open under its leverage caps',
        params: ClientParamsSchema,
        body: ClientCategoryBodySchema,
        response: { 200: StaffProfileSchema },
      },
    },
    async (request) =>
      service.setCategory({
        staff: requireStaffActor(request),
        clientId: request.params.clientId,
        body: request.body,
      }),
  );
};
