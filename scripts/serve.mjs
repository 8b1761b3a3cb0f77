// `npm run serve`: serve the existing build without rebuilding.
import { register } from 'tsx/esm/api';

process.env.NODE_ENV ??= 'production';
register();
await import('../apps/api/src/server.ts');
