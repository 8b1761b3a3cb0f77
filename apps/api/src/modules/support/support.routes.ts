import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import type { Config } from '../../config.js';

export interface SupportRoutesOptions {
  db: Db;
  config: Config;
}

// Being built (issue 3).
export const supportRoutes: FastifyPluginAsyncZod<SupportRoutesOptions> = async () => {};
