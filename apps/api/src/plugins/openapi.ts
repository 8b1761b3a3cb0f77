// The OpenAPI document (built from the routes' zod schemas) at /api/docs/json, always public
// (clients generate code from it), and its UI at /api/docs unless API_DOCS_UI=off (then 404).
// Registered before the routes, so every route registered afterwards is described.
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Config } from '../config.js';
import { DOCS_CSP_DIRECTIVES, serializeCsp } from './security.js';

async function openApiPlugin(app: FastifyInstance, { config }: { config: Config }) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'BrokerDesk API',
        description:
          'The seed-compatible calls keep their paths; errors are `{message, code?, fields?}`.',
        version: '0.1.0',
      },
      components: {
        securitySchemes: {
          userToken: { type: 'apiKey', in: 'header', name: 'user-token' },
          staffToken: { type: 'apiKey', in: 'header', name: 'x-auth-token' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  if (config.apiDocsUi) {
    await app.register(swaggerUi, {
      routePrefix: '/api/docs',
      staticCSP: serializeCsp(config, DOCS_CSP_DIRECTIVES),
    });
    return;
  }
  // The document alone, at the address the UI would serve it from.
  app.get('/api/docs/json', { schema: { hide: true } }, async () => app.swagger());
}

export default fp(openApiPlugin, { name: 'openapi' });
