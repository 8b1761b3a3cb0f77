// Cycles between the chunks of a build (docs/decisions/106). Two chunks that import each other
// run in whatever order the browser fetches them: a module can be called before the chunk that
// defines it has run ("TypeError: Pt is not a function" on /adminDashboard/security, issue 16).
// The build fails on any such cycle; dynamic imports do not count (they run later, on demand).

/**
 * Every group of chunks that import one another statically, each as a path that closes on its
 * first chunk ("app.js → security.js → app.js"), in a stable order. Empty when there is none.
 *
 * @param {Record<string, readonly string[]>} imports chunk file name → the chunks it imports
 * @returns {string[][]}
 */
export function findChunkCycles(imports) {
  const names = Object.keys(imports).sort();
  /** @type {Map<string, number>} */
  const index = new Map();
  /** @type {Map<string, number>} */
  const low = new Map();
  /** @type {string[]} */
  const stack = [];
  /** @type {Set<string>} */
  const onStack = new Set();
  /** @param {string} name */
  const lowOf = (name) => /** @type {number} */ (low.get(name));
  /** @param {string} name */
  const indexOf = (name) => /** @type {number} */ (index.get(name));
  /** @type {string[][]} */
  const groups = [];
  let counter = 0;

  /**
   * Tarjan's strongly connected components; a chunk graph is small, recursion is fine.
   * @param {string} name
   */
  function visit(name) {
    index.set(name, counter);
    low.set(name, counter);
    counter += 1;
    stack.push(name);
    onStack.add(name);
    for (const next of imports[name] ?? []) {
      if (!(next in imports)) continue;
      if (!index.has(next)) {
        visit(next);
        low.set(name, Math.min(lowOf(name), lowOf(next)));
      } else if (onStack.has(next)) {
        low.set(name, Math.min(lowOf(name), indexOf(next)));
      }
    }
    if (lowOf(name) !== indexOf(name)) return;
    /** @type {string[]} */
    const group = [];
    /** @type {string} */
    let member;
    do {
      member = /** @type {string} */ (stack.pop());
      onStack.delete(member);
      group.push(member);
    } while (member !== name);
    if (group.length > 1 || (imports[name] ?? []).includes(name)) groups.push(group);
  }

  for (const name of names) if (!index.has(name)) visit(name);
  return groups
    .map((group) => cyclePath(imports, new Set(group)))
    .sort((a, b) => String(a[0]).localeCompare(String(b[0])));
}

/**
 * One cycle through a group, from its first chunk by name and back, by a shortest path.
 * @param {Record<string, readonly string[]>} imports
 * @param {Set<string>} group
 * @returns {string[]}
 */
function cyclePath(imports, group) {
  const start = /** @type {string} */ ([...group].sort()[0]);
  /** @type {Map<string, string>} */
  const previous = new Map();
  const queue = [start];
  while (queue.length > 0) {
    const name = /** @type {string} */ (queue.shift());
    for (const next of imports[name] ?? []) {
      if (!group.has(next)) continue;
      if (next === start) {
        const path = [name];
        while (path[0] !== start) path.unshift(/** @type {string} */ (previous.get(path[0] ?? '')));
        return [...path, start];
      }
      if (!previous.has(next)) {
        previous.set(next, name);
        queue.push(next);
      }
    }
  }
  return [start, start];
}

/**
 * A build plugin that fails the client build when its chunks import each other in a cycle.
 *
 * @returns {import('vite').Plugin}
 */
export function noChunkCycles() {
  return {
    name: 'brokerdesk:no-chunk-cycles',
    apply: 'build',
    generateBundle(_options, bundle) {
      /** @type {Record<string, string[]>} */
      const imports = {};
      for (const output of Object.values(bundle)) {
        if (output.type === 'chunk') imports[output.fileName] = [...output.imports];
      }
      const cycles = findChunkCycles(imports);
      if (cycles.length > 0) {
        this.error(
          `chunks import each other (docs/decisions/106): ${cycles
            .map((cycle) => cycle.join(' → '))
            .join('; ')}`,
        );
      }
    },
  };
}
