// @ts-check
// The API's walls (docs/architecture.md), after medusa's modules and fastify/demo's repositories:
// a module is entered only through its index.ts, and route files talk HTTP only (routes →
// service → repo → db), so SQL never leaks into a route.
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const REPO = fileURLToPath(new URL('..', import.meta.url));
const SRC = fileURLToPath(new URL('../apps/api/src/', import.meta.url));
const MODULES = `${SRC}modules/`;

/** Read from the tree, so a new module is walled in the day it is created. */
const modules = readdirSync(MODULES, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
/**
 * Everything in src/ but the modules and the shared test infrastructure (src/test may import
 * anything): the root files and every other folder, as globs so a new one is covered too.
 */
const outsideModules = [`${SRC}*.ts`, `${SRC}!(modules|test)/**`];

/** One zone per module: from anywhere else in src/ (tests included), only its index.ts. */
const moduleZones = modules.map((module) => ({
  target: [
    ...outsideModules,
    ...modules.filter((other) => other !== module).map((other) => MODULES + other),
  ],
  from: MODULES + module,
  except: ['./index.ts'],
  message:
    `Import modules/${module} through its index.ts ('…/modules/${module}/index.js'), and ` +
    `export what you need there; everything else in the folder is private.`,
}));

const ROUTES_TALK_HTTP =
  'Route files talk HTTP only: call a service (rules and transactions live in *.service.ts, ' +
  'SQL in *.repo.ts).';

/** @type {import('eslint').Linter.Config[]} */
export const apiBoundaries = [
  {
    files: ['apps/api/src/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: REPO,
          zones: [
            ...moduleZones,
            {
              target: `${SRC}**/*.routes.ts`,
              from: [`${SRC}**/*.repo.ts`, `${SRC}db/**`],
              message: ROUTES_TALK_HTTP,
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/api/src/**/*.routes.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'drizzle-orm', message: ROUTES_TALK_HTTP }],
          patterns: [{ group: ['drizzle-orm/*'], message: ROUTES_TALK_HTTP }],
        },
      ],
    },
  },
];
