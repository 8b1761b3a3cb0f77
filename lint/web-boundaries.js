// @ts-check
// The web app's walls (docs/architecture.md): filled in by the boundaries work.
/** @type {import('eslint').Linter.Config[]} */
export const webBoundaries = [];
