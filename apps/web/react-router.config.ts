import type { Config } from '@react-router/dev/config';
import { PRERENDERED_PATHS } from './src/config/public-pages';

// docs/product.md §8: the public routes are pre-rendered to HTML at build time; everything else
// (portal, back office, token pages) is served by the SPA fallback (__spa-fallback.html).
// '/__not-found' matches the splat route, so its HTML is the page served with HTTP 404.
export default {
  appDirectory: 'src/app',
  buildDirectory: 'build',
  ssr: false,
  prerender: [...PRERENDERED_PATHS],
} satisfies Config;
