// `npm run serve`: serve the existing build without rebuilding.
//
// The API runs from apps/api/build/server.mjs when `npm run build` compiled it from exactly the
// sources now on disk, and from its TypeScript sources through tsx otherwise (a fresh clone, or
// an edit since the last build): the same code either way, the bundle only starts faster
// (docs/decisions/081).
import { existsSync, readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { API_BUNDLE, freshApiBundle } from './build-api.mjs';

process.env.NODE_ENV ??= 'production';

/**
 * Stack frames in the bundle name the TypeScript file, line and column, as they do under tsx.
 * Node's own switch (process.setSourceMapsEnabled) would read and parse the source map of every
 * package loaded at start as well (about 360 files, 3.7 MB, ~100 ms of CPU on each start); this
 * reads the bundle's map once, when a stack trace first goes through the bundle.
 */
function mapBundleFrames(bundle) {
  const bundleUrl = pathToFileURL(bundle).href;
  const mapUrl = pathToFileURL(`${bundle}.map`);
  let map;
  const original = (line, column) => {
    map ??= new SourceMap(JSON.parse(readFileSync(mapUrl, 'utf8')));
    const entry = map.findEntry(line - 1, column - 1);
    if (!entry?.originalSource) return null;
    const file = fileURLToPath(new URL(entry.originalSource, mapUrl));
    return `${file}:${entry.originalLine + 1}:${entry.originalColumn + 1}`;
  };
  Error.prepareStackTrace = (error, sites) => {
    let header;
    try {
      header = Error.prototype.toString.call(error);
    } catch {
      header = '<error>';
    }
    const frames = sites.map((site) => {
      const frame = `    at ${site}`;
      const line = site.getLineNumber();
      const column = site.getColumnNumber();
      if (site.getFileName() !== bundleUrl || line === null || column === null) return frame;
      const location = original(line, column);
      return location ? frame.replace(`${bundleUrl}:${line}:${column}`, location) : frame;
    });
    return [header, ...frames].join('\n');
  };
}

const bundle = freshApiBundle();
if (bundle) {
  mapBundleFrames(bundle);
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
