import { defineConfig } from 'vitest/config';

// One Vitest run covers the unit and API projects; browser journeys run in Playwright (e2e/).
export default defineConfig({
  test: {
    projects: ['packages/shared', 'apps/api', 'apps/web'],
  },
});
