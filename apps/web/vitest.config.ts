import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Component and unit tests. Kept apart from vite.config.ts: the React Router plugin is for
// builds and the dev server, not for rendering single components under happy-dom. The root
// vitest.config.ts runs it as two projects: most files sharing one module graph per worker, and
// the few whose module mocks need their own.
export default defineConfig({
  plugins: [react()],
  define: {
    __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()),
  },
  test: {
    name: 'web',
    environment: 'happy-dom',
    setupFiles: ['src/testing/setup.ts'],
    restoreMocks: true,
    unstubGlobals: true,
  },
});
