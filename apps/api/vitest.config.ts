import { defineConfig } from 'vitest/config';

// API tests build the real app against a real database: PGlite loaded from a template migrated
// once per run, or PostgreSQL when TEST_DATABASE_URL is set (docs/decisions/011).
export default defineConfig({
  test: {
    name: 'api',
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/test/global-setup.ts'],
    pool: 'threads', // measured: ~25% faster than forks here (PGlite starts in-process)
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
