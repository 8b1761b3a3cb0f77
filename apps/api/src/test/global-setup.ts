// Runs once per test run, before any worker: migrates one template database so each test app
// starts from a copy instead of running initdb and migrations (docs/decisions/011).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { databaseFromPglite, databaseFromPool } from '../db/client.js';
import {
  TEST_DB_PREFIX,
  databaseUrl,
  dropAbandonedDatabases,
  dropDatabase,
  quoteIdent,
  withAdminClient,
} from './postgres.js';
import './provided.js';

export default async function setup(project: TestProject) {
  const postgresUrl = process.env.TEST_DATABASE_URL;
  const tempDir = mkdtempSync(join(tmpdir(), 'brokerdesk-api-tests-'));

  if (!postgresUrl) {
    const pglite = new PGlite();
    const database = databaseFromPglite(pglite);
    await database.migrate();
    const dump = await pglite.dumpDataDir('none');
    const templatePath = join(tempDir, 'pglite-template.tar');
    writeFileSync(templatePath, Buffer.from(await dump.arrayBuffer()));
    await database.close();
    project.provide('pgliteTemplatePath', templatePath);
    project.provide('postgres', null);
    return () => rmSync(tempDir, { recursive: true, force: true });
  }

  const runId = `${process.pid}_${Date.now().toString(36)}`;
  const templateDb = `${TEST_DB_PREFIX}${runId}_tpl`;
  await withAdminClient(postgresUrl, async (client) => {
    await dropAbandonedDatabases(client);
    await client.query(`create database ${quoteIdent(templateDb)}`);
  });
  const pool = new pg.Pool({ connectionString: databaseUrl(postgresUrl, templateDb), max: 1 });
  const database = databaseFromPool(pool);
  await database.migrate();
  await database.close(); // a template must have no open connections
  project.provide('pgliteTemplatePath', null);
  project.provide('postgres', { adminUrl: postgresUrl, templateDb, runId });

  return async () => {
    rmSync(tempDir, { recursive: true, force: true });
    await withAdminClient(postgresUrl, async (client) => {
      const { rows } = await client.query<{ datname: string }>(
        `select datname from pg_database where datname like '${TEST_DB_PREFIX}${runId}%'`,
      );
      for (const { datname } of rows) await dropDatabase(client, datname);
    });
  };
}
