// @ts-check
// The web app's walls (docs/architecture.md), after bulletproof-react: imports flow one way,
// shared code → features → app, and a feature is entered only through its index.ts.
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const REPO = fileURLToPath(new URL('..', import.meta.url));
const SRC = fileURLToPath(new URL('../apps/web/src/', import.meta.url));
const FEATURES = `${SRC}features/`;

/** Code every layer may use; it imports neither features nor app/. */
const SHARED = ['api', 'components', 'config', 'content', 'lib', 'testing'].map((dir) => SRC + dir);

/** Read from the tree, so a new feature is walled in the day it is created. */
const features = readdirSync(FEATURES, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
/** Everything in src/ but the features folder. */
const outsideFeatures = readdirSync(SRC)
  .filter((name) => name !== 'features')
  .map((name) => SRC + name);

/** One zone per feature: from anywhere else in src/, only its index.ts may be imported. */
const featureZones = features.map((feature) => ({
  target: [
    ...outsideFeatures,
    ...features.filter((other) => other !== feature).map((other) => FEATURES + other),
  ],
  from: FEATURES + feature,
  except: ['./index.ts'],
  message:
    `features/${feature} is entered through its index.ts: import '…/features/${feature}' and ` +
    `export what you need there. Code several features share goes to src/api, lib or components.`,
}));

/** @type {import('eslint').Linter.Config[]} */
export const webBoundaries = [
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: REPO,
          zones: [
            ...featureZones,
            {
              target: FEATURES,
              from: `${SRC}app`,
              message:
                'Features never import app/ (router, routes, layouts): a test that renders a ' +
                'route belongs beside it in app/; what both need goes to a shared folder.',
            },
            {
              target: SHARED,
              from: [FEATURES, `${SRC}app`],
              message:
                'Shared code (api, components, config, content, lib, testing) imports neither ' +
                'features nor app/: move what it needs here, or the importer into a feature.',
            },
          ],
        },
      ],
    },
  },
];
