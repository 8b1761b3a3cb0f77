// @ts-check
import js from '@eslint/js';
import checkFile from 'eslint-plugin-check-file';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { apiBoundaries } from './lint/api-boundaries.js';
import { folderCycles } from './lint/folder-cycles.js';
import { webBoundaries } from './lint/web-boundaries.js';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/build/**',
      '**/.react-router/**',
      'data/**',
      '**/test-results/**',
      '**/playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  importX.flatConfigs.typescript,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { 'check-file': checkFile },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      // Cycles among our own files; walking into node_modules found none and cost half the lint.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.{ts,tsx,js,mjs}': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': [
        'error',
        { '{apps,packages,e2e,bench,scripts}/**/': 'KEBAB_CASE' },
      ],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json', 'e2e/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // The web app never reaches into the API, and the shared package depends on neither.
    files: ['apps/web/**/*.{ts,tsx}', 'packages/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/apps/api/**', '@brokerdesk/api'],
              message: 'The web never imports the API.',
            },
          ],
        },
      ],
    },
  },
  {
    // Command-line scripts talk to people through the console.
    files: ['scripts/**', 'bench/**', '**/scripts/**', 'apps/api/src/server.ts'],
    rules: { 'no-console': 'off' },
  },
  {
    // Rooms stay rooms: no import cycle between the API's modules or the web's features
    // (docs/architecture.md).
    files: ['apps/api/src/modules/**/*.ts', 'apps/web/src/features/**/*.{ts,tsx}'],
    plugins: { local: folderCycles },
    rules: {
      'local/no-folder-cycle': [
        'error',
        { roots: ['apps/api/src/modules', 'apps/web/src/features'] },
      ],
    },
  },
  ...apiBoundaries,
  ...webBoundaries,
);
