// `npm run serve`: serve the existing build without rebuilding.
//
// The API runs from apps/api/build/server.mjs when `npm run build` compiled it from exactly the
// sources now on disk, and from its TypeScript sources through tsx otherwise (a fresh clone, or
// an edit since the last build): the same code either way, the bundle only starts faster
// (docs/decisions/081).
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { API_BUNDLE, freshApiBundle } from './build-api.mjs';

process.env.NODE_ENV ??= 'production';

const bundle = freshApiBundle();
if (bundle) {
  // Stack traces name the TypeScript files, as under tsx.
  process.setSourceMapsEnabled(true);
  await import(pathToFileURL(bundle).href);
} else {
  if (existsSync(API_BUNDLE)) {
    console.warn(
      'The compiled API (apps/api/build) is older than its sources: running them through tsx. ' +
        'npm run build compiles them again.',
    );
  }
  const { register } = await import('tsx/esm/api');
  register();
  await import('../apps/api/src/server.ts');
}
