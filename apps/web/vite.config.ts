import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

// Build and dev server for the web app. Tests use vitest.config.ts instead.
const apiPort = process.env.API_PORT ?? '3001';
const webPort = Number(process.env.WEB_PORT ?? 5173);

export default defineConfig({
  plugins: [reactRouter()],
  define: {
    // The footer's copyright year before hydration: fixed at build time, never `new Date()`
    // during a pre-rendered render.
    __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()),
  },
  server: {
    port: webPort,
    strictPort: true,
    proxy: {
      '/api': { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false },
    },
  },
  build: {
    sourcemap: false,
  },
});
