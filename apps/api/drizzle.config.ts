import { defineConfig } from 'drizzle-kit';

// `npm run db:generate -w @brokerdesk/api` writes a new migration after a schema change.
// Generated files are committed and never edited once applied.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './src/db/migrations',
});
