import { defineConfig } from 'vitest/config';

// The lint configuration's own tests: each boundary rule is fed a forbidden import and must
// report it, so a rule that silently stops matching fails the build.
export default defineConfig({
  test: {
    name: 'lint',
    include: ['**/*.test.ts'],
    testTimeout: 60_000,
  },
});
