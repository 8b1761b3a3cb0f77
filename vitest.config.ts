import { defineConfig } from 'vitest/config';

// One Vitest run covers the unit, API and lint-configuration projects; browser journeys run in Playwright (e2e/).
export default defineConfig({
  test: {
    projects: ['packages/shared', 'apps/api', 'apps/web', 'lint'],
  },
});
