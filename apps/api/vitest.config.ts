import { defineConfig } from 'vitest/config';

// API tests build the real app against a real database: PGlite loaded from a template migrated
// once per run, or PostgreSQL when TEST_DATABASE_URL is set (docs/decisions/011).
export default defineConfig({
  test: {
    name: 'api',
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/test/global-setup.ts'],
    pool: 'threads', // measured: ~25% faster than forks here (PGlite starts in-process)
    // Files share a worker's imports (the app, Fastify, drizzle, zod): importing them afresh for
    // each of 80 files cost 104 s of worker time, and the run 265 s instead of 202 s on two cores.
    // Nothing here keeps state at module level between apps: each test builds its own app and
    // database, and no file mocks a module or stubs a global.
    isolate: false,
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
