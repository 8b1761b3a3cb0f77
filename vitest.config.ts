import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Component tests whose module mocks need modules of their own: without isolation a module
 * another file loaded first keeps its real imports (and its cached lazy import).
 */
const NEEDS_ISOLATION = [
  'src/features/auth/hooks/use-registration-form.test.tsx',
  'src/features/auth/hooks/use-registration-form-offline.test.tsx',
  'src/features/dashboard/components/dashboard-overview.test.tsx',
];

// One Vitest run covers the unit, API and lint-configuration projects; browser journeys run in Playwright (e2e/).
export default defineConfig({
  test: {
    projects: [
      'packages/shared',
      'apps/api',
      'lint',
      // Component tests share one module graph and DOM per worker: a fresh environment and
      // imports for each of 85 files cost 110 s of a 113 s run on two cores, against 33 s
      // shared. Each test renders into a fresh document (testing/setup.ts cleans up after it).
      {
        extends: './apps/web/vitest.config.ts',
        root: './apps/web',
        test: {
          name: 'web',
          isolate: false,
          exclude: [...configDefaults.exclude, ...NEEDS_ISOLATION],
        },
      },
      {
        extends: './apps/web/vitest.config.ts',
        root: './apps/web',
        test: { name: 'web-isolated', include: NEEDS_ISOLATION },
      },
    ],
    // Vitest's default is one worker fewer than the cores: one worker on a 2-core machine, where
    // the API tests spend much of their time waiting on the database. Two halve the run there.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
