#!/usr/bin/env node
// Fails when a screen area of the web app (apps/web/src/features/X) imports another (features/Y)
// where docs/architecture.md does not name "X -> Y", when a screen imports the app shell
// (apps/web/src/app: composition imports screens, never the other way), or when the document
// names an import no file makes any more. Static imports, re-exports and lazy `import('...')`
// count, type-only ones included. Used by `npm run lint`.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { importsOf, resolveImport, sourceFiles } from './import-cycles.mjs';

const SOURCE = /\.(ts|tsx)$/;
const LAZY = /import\(\s*['"](\.\.?\/[^'"]+)['"]\s*\)/g;

/**
 * The cross-feature imports the architecture allows: its lines "- `x` -> `y`, `z` ..." (the
 * list under "Cross-feature imports"), as feature -> features it may import.
 */
export function allowedFromDoc(markdown) {
  const allowed = new Map();
  for (const line of markdown.split('\n')) {
    const m = /^\s*- `([a-z0-9-]+)` -> ((?:`[a-z0-9-]+`(?:, )?)+)/.exec(line);
    if (!m) continue;
    const targets = [...m[2].matchAll(/`([a-z0-9-]+)`/g)].map((t) => t[1]);
    const set = allowed.get(m[1]) ?? new Set();
    for (const t of targets) set.add(t);
    allowed.set(m[1], set);
  }
  return allowed;
}

/** Where a file of the web source tree `src` lies: its feature, the app shell, or elsewhere. */
function areaOf(src, file) {
  const [top, name] = path.relative(src, file).split(path.sep);
  if (top === 'features' && name !== undefined && !SOURCE.test(name)) return { kind: 'feature', name };
  if (top === 'app') return { kind: 'app' };
  return { kind: 'other' };
}

/** Every import of a feature's file into another feature or the app shell: { file, from, to }. */
export function featureImports(src) {
  const all = sourceFiles(src, SOURCE);
  const known = new Set(all);
  const edges = [];
  for (const file of all) {
    const area = areaOf(src, file);
    if (area.kind !== 'feature') continue;
    const text = readFileSync(file, 'utf8');
    const specifiers = new Set([...importsOf(file, text), ...[...text.matchAll(LAZY)].map((m) => m[1])]);
    for (const specifier of specifiers) {
      const target = resolveImport(file, specifier, (c) => known.has(c));
      if (target === null) continue;
      const to = areaOf(src, target);
      if (to.kind === 'app') edges.push({ file, from: area.name, to: 'app' });
      else if (to.kind === 'feature' && to.name !== area.name)
        edges.push({ file, from: area.name, to: to.name });
    }
  }
  return edges;
}

/** The imports the document does not allow, and the allowed ones no file makes. */
export function checkBoundaries(edges, allowed) {
  const violations = edges.filter((e) => e.to === 'app' || !allowed.get(e.from)?.has(e.to));
  const used = new Set(edges.map((e) => `${e.from} -> ${e.to}`));
  const unused = [];
  for (const [from, targets] of allowed)
    for (const to of targets) if (!used.has(`${from} -> ${to}`)) unused.push(`${from} -> ${to}`);
  return { violations, unused };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = path.resolve(import.meta.dirname, '..');
  const src = path.join(root, 'apps/web/src');
  const doc = 'docs/architecture.md';
  const allowed = allowedFromDoc(readFileSync(path.join(root, doc), 'utf8'));
  const edges = featureImports(src);
  const { violations, unused } = checkBoundaries(edges, allowed);
  for (const v of violations)
    console.error(
      v.to === 'app'
        ? `${path.relative(root, v.file)}: a screen imports the app shell (apps/web/src/app)`
        : `${path.relative(root, v.file)}: features/${v.from} imports features/${v.to}, which ${doc} does not name`,
    );
  for (const u of unused) console.error(`${doc} names ${u}, which no file imports any more`);
  if (violations.length + unused.length > 0) process.exit(1);
  console.log(`feature boundaries hold: ${edges.length} cross-feature imports, all named in ${doc}`);
}
