#!/usr/bin/env node
// Fails on any import cycle between the source files of apps/*/src and packages/*/src, type-only
// imports included (`import type`, `import { type X }`, `export type { X } from`): Biome's
// noImportCycles leaves those out, yet a ring of modules that name each other's types is still one
// module split in several files. Static imports and re-exports count; `import('./x')` does not
// (a lazy chunk loads after its importer by design). Only relative specifiers are followed
// (packages are imported by name and import nothing from the apps). Used by `npm run lint`.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseSync } from 'oxc-parser';

const SOURCE = /\.(ts|tsx|mts)$/;

/** The relative specifiers a file imports or re-exports from, type-only ones included. */
export function importsOf(file, text) {
  const { module } = parseSync(file, text);
  const specifiers = new Set();
  for (const imp of module.staticImports) specifiers.add(imp.moduleRequest.value);
  for (const exp of module.staticExports)
    for (const entry of exp.entries) if (entry.moduleRequest) specifiers.add(entry.moduleRequest.value);
  return [...specifiers].filter((s) => s.startsWith('./') || s.startsWith('../'));
}

/** The file a relative specifier names: as written, else with .ts/.tsx, else its folder's index. */
export function resolveImport(from, specifier, exists) {
  const base = path.resolve(path.dirname(from), specifier);
  const candidates = [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    path.join(base, 'index.ts'),
    path.join(base, 'index.tsx'),
  ];
  return candidates.find((c) => SOURCE.test(c) && exists(c)) ?? null;
}

/**
 * The import graph's cycles: each strongly connected component of more than one file (or a file
 * importing itself), as one cycle through it (a path that returns to its first file), files sorted
 * within the component so the report is stable. `graph`: file -> files it imports.
 */
export function findCycles(graph) {
  const index = new Map();
  const low = new Map();
  const onStack = new Set();
  const stack = [];
  const components = [];
  let next = 0;
  // Tarjan's algorithm, iterative (a long import chain must not overflow the call stack).
  for (const root of [...graph.keys()].sort()) {
    if (index.has(root)) continue;
    const work = [[root, 0]];
    index.set(root, next);
    low.set(root, next++);
    stack.push(root);
    onStack.add(root);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const [node, i] = frame;
      const edges = graph.get(node) ?? [];
      if (i < edges.length) {
        frame[1] = i + 1;
        const to = edges[i];
        if (!graph.has(to)) continue;
        if (!index.has(to)) {
          index.set(to, next);
          low.set(to, next++);
          stack.push(to);
          onStack.add(to);
          work.push([to, 0]);
        } else if (onStack.has(to)) low.set(node, Math.min(low.get(node), index.get(to)));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent[0], Math.min(low.get(parent[0]), low.get(node)));
      if (low.get(node) === index.get(node)) {
        const component = [];
        for (;;) {
          const member = stack.pop();
          onStack.delete(member);
          component.push(member);
          if (member === node) break;
        }
        const selfLoop = component.length === 1 && edges.includes(node);
        if (component.length > 1 || selfLoop) components.push(component.sort());
      }
    }
  }
  return components.map((component) => cycleThrough(graph, component));
}

/** A shortest path from the component's first file back to itself, inside the component. */
function cycleThrough(graph, component) {
  const inside = new Set(component);
  const [start] = component;
  const previous = new Map();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift();
    for (const to of graph.get(node) ?? []) {
      if (!inside.has(to)) continue;
      if (to === start) {
        const cycle = [start];
        for (let at = node; at !== start; at = previous.get(at)) cycle.splice(1, 0, at);
        cycle.push(start);
        return { files: component, cycle };
      }
      if (!previous.has(to)) {
        previous.set(to, node);
        queue.push(to);
      }
    }
  }
  return { files: component, cycle: [start, start] };
}

/** The files below `dir` whose names match `source` (TypeScript by default), declarations left out. */
export function sourceFiles(dir, source = SOURCE) {
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(full, source));
    else if (source.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

/** The import graph of the source trees of apps/* and packages/* under `root`. */
export function importGraph(root) {
  const files = [];
  for (const group of ['apps', 'packages']) {
    let names = [];
    try {
      names = readdirSync(path.join(root, group));
    } catch {
      continue;
    }
    for (const name of names) {
      const src = path.join(root, group, name, 'src');
      try {
        if (statSync(src).isDirectory()) files.push(...sourceFiles(src));
      } catch {
        // no src folder
      }
    }
  }
  const known = new Set(files);
  const graph = new Map();
  for (const file of files) {
    const targets = importsOf(file, readFileSync(file, 'utf8'))
      .map((s) => resolveImport(file, s, (c) => known.has(c)))
      .filter((t) => t !== null);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = path.resolve(import.meta.dirname, '..');
  const graph = importGraph(root);
  const cycles = findCycles(graph);
  const rel = (f) => path.relative(root, f);
  for (const { files, cycle } of cycles) {
    console.error(`import cycle (${files.length} files): ${cycle.map(rel).join(' -> ')}`);
    if (files.length > cycle.length - 1) console.error(`  the ring also holds: ${files.map(rel).join(', ')}`);
  }
  if (cycles.length > 0) {
    console.error(`\n${cycles.length} import cycle(s), type-only imports included`);
    process.exit(1);
  }
  console.log(`no import cycles in ${graph.size} files`);
}
