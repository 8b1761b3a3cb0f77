// @ts-check
// `local/no-folder-cycle`: no import cycle between the folders of a root (the API's modules, the
// web's features). import-x/no-cycle follows files, so it misses a cycle such as
// clients/a.ts → account-links/b.ts → clients/c.ts, which still ties two rooms into one.
// The folder graph is read from disk once per run; the file being linted contributes the
// imports ESLint parsed, so an editor's unsaved change is judged too. Tests are left out: a
// test may drive its module together with the ones above it (the ledger's test registers a
// client), which ties no production code together.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

const SOURCE = /\.(ts|tsx|js|mjs)$/;
const TEST = /\.test\.[a-z]+$/;
// Static imports and re-exports (type-only ones too: they tie folders just the same) and
// dynamic import() calls. Comments are stripped first.
const SPECIFIER =
  /(?:^|[;\s}])(?:import|export)\b[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]|\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)|(?:^|[;\s])import\s*['"]([^'"]+)['"]/gm;

/** @param {string} text */
function stripComments(text) {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:\\])\/\/.*$/gm, '$1');
}

/** @param {string} text @returns {string[]} */
export function importSpecifiers(text) {
  const found = [];
  for (const match of stripComments(text).matchAll(SPECIFIER)) {
    const specifier = match[1] ?? match[2] ?? match[3];
    if (specifier) found.push(specifier);
  }
  return found;
}

/** @param {string} dir @returns {string[]} */
function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path);
    return SOURCE.test(entry.name) && !TEST.test(entry.name) ? [path] : [];
  });
}

/**
 * The folder of `root` that `path` lies in, or null outside the root's folders.
 * @param {string} root @param {string} path
 */
function folderOf(root, path) {
  const rel = relative(root, path);
  if (rel === '' || rel.startsWith('..')) return null;
  // `features/money` itself (an import of its index) is in the folder; a file lying directly
  // in the root is in none.
  if (!rel.includes(sep)) return rel.includes('.') ? null : rel;
  return rel.split(sep)[0];
}

/**
 * Folder → folder edges of a root, each with the files that make it.
 * @typedef {Map<string, Map<string, Set<string>>>} FolderGraph
 * @param {string} root absolute path
 * @returns {FolderGraph}
 */
export function readFolderGraph(root) {
  /** @type {FolderGraph} */
  const graph = new Map();
  for (const file of sourceFiles(root)) {
    const from = folderOf(root, file);
    if (!from) continue;
    for (const specifier of importSpecifiers(readFileSync(file, 'utf8'))) {
      addEdge(graph, root, file, from, specifier);
    }
  }
  return graph;
}

/**
 * @param {FolderGraph} graph @param {string} root @param {string} file
 * @param {string} from @param {string} specifier
 */
function addEdge(graph, root, file, from, specifier) {
  if (!specifier.startsWith('.')) return;
  const to = folderOf(root, resolve(dirname(file), specifier));
  if (!to || to === from) return;
  const targets = graph.get(from) ?? new Map();
  graph.set(from, targets);
  const files = targets.get(to) ?? new Set();
  targets.set(to, files);
  files.add(file);
}

/**
 * A path of folders from `start` back to `goal`, ignoring edges made only by `ignoredFile`
 * (the file being linted speaks for itself), or null.
 * @param {FolderGraph} graph @param {string} start @param {string} goal @param {string} ignoredFile
 * @returns {string[] | null}
 */
export function pathBetween(graph, start, goal, ignoredFile) {
  /** @type {Map<string, string | null>} */
  const cameFrom = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const folder = /** @type {string} */ (queue.shift());
    if (folder === goal) {
      const path = [];
      for (
        let at = /** @type {string | null} */ (folder);
        at !== null;
        at = cameFrom.get(at) ?? null
      )
        path.unshift(at);
      return path;
    }
    for (const [next, files] of graph.get(folder) ?? []) {
      if (cameFrom.has(next)) continue;
      if (files.size === 1 && files.has(ignoredFile)) continue;
      cameFrom.set(next, folder);
      queue.push(next);
    }
  }
  return null;
}

/** @type {Map<string, FolderGraph>} one read per root per run */
const graphs = new Map();

/** @type {import('eslint').Rule.RuleModule} */
const noFolderCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid import cycles between the folders of a root' },
    schema: [
      {
        type: 'object',
        properties: { roots: { type: 'array', items: { type: 'string' } } },
        required: ['roots'],
        additionalProperties: false,
      },
    ],
    messages: {
      cycle:
        'Folder cycle {{cycle}}: this import ties the folders into one. Move what both need ' +
        'below them, or pass it in through a factory.',
    },
  },
  create(context) {
    const file = resolve(context.cwd, context.filename);
    const roots = /** @type {{roots: string[]}} */ (context.options[0]).roots.map((root) =>
      resolve(context.cwd, root),
    );
    const root = roots.find((candidate) => folderOf(candidate, file) !== null);
    if (!root || TEST.test(file)) return {};
    const from = /** @type {string} */ (folderOf(root, file));
    let graph = graphs.get(root);
    if (!graph) {
      graph = readFolderGraph(root);
      graphs.set(root, graph);
    }
    const folderGraph = graph;

    /** @param {import('estree').Node} node @param {unknown} source */
    function check(node, source) {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const to = folderOf(root ?? '', resolve(dirname(file), source));
      if (!to || to === from) return;
      const back = pathBetween(folderGraph, to, from, file);
      if (back)
        context.report({ node, messageId: 'cycle', data: { cycle: [from, ...back].join(' → ') } });
    }

    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) =>
        node.source.type === 'Literal' ? check(node, node.source.value) : undefined,
    };
  },
};

export const folderCycles = { rules: { 'no-folder-cycle': noFolderCycle } };
