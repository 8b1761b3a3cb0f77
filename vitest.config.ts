import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One Vitest run covers the unit, API and lint-configuration projects; browser journeys run in Playwright (e2e/).
export default defineConfig({
  test: {
    projects: ['packages/shared', 'apps/api', 'apps/web', 'lint'],
    // Vitest's default is one worker fewer than the cores: one worker on a 2-core machine, where
    // the API tests spend much of their time waiting on the database. Two halve the run there.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
