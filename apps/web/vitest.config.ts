import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Component and unit tests. Kept apart from vite.config.ts: the React Router plugin is for
// builds and the dev server, not for rendering single components under happy-dom.
export default defineConfig({
  plugins: [react()],
  define: {
    __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()),
  },
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    setupFiles: ['src/testing/setup.ts'],
    restoreMocks: true,
    unstubGlobals: true,
  },
});
