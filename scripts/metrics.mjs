#!/usr/bin/env node
// Code-health figures for the repository's TypeScript, counted on the syntax tree (oxc-parser),
// not by grep: type assertions (`x as T`, `<T>x`; `as const` apart), `as unknown as`, non-null
// assertions (`x!`), `any`, and lines of code. `--json` prints JSON; `--max-as N` fails when the
// count of `as` casts exceeds N (used by lint).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseSync } from 'oxc-parser';

const root = path.resolve(import.meta.dirname, '..');
const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard', '*.ts', '*.tsx', '*.mts'], {
  cwd: root,
  encoding: 'utf8',
})
  .split('\n')
  .filter((f) => f && !f.startsWith('bench/results/'));

const isTest = (f) => /\.(test|spec|sync-test)\.tsx?$|\/e2e\/|\/test\/|\/testing\//.test(f);
const totals = { files: 0, lines: 0, as: 0, asConst: 0, asUnknownAs: 0, nonNull: 0, any: 0 };
const outsideTests = { as: 0, asUnknownAs: 0, nonNull: 0 };
const perFile = [];

function walk(node, visit) {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    for (const n of node) walk(n, visit);
    return;
  }
  if (typeof node.type === 'string') visit(node);
  for (const key in node) {
    if (key !== 'parent') walk(node[key], visit);
  }
}

for (const file of files) {
  let text;
  try {
    text = readFileSync(path.join(root, file), 'utf8');
  } catch {
    continue; // deleted in the working tree
  }
  const { program, errors } = parseSync(file, text);
  if (errors.length) {
    console.error(`${file}: parse error ${errors[0].message}`);
    continue;
  }
  const c = { as: 0, asUnknownAs: 0, nonNull: 0 };
  walk(program, (n) => {
    if (n.type === 'TSAsExpression' || n.type === 'TSTypeAssertion') {
      const t = n.typeAnnotation;
      if (t?.type === 'TSTypeReference' && t.typeName?.name === 'const') totals.asConst++;
      else {
        c.as++;
        if (
          n.expression?.type === 'TSAsExpression' &&
          n.expression.typeAnnotation?.type === 'TSUnknownKeyword'
        )
          c.asUnknownAs++;
      }
    } else if (n.type === 'TSNonNullExpression') c.nonNull++;
    else if (n.type === 'TSAnyKeyword') totals.any++;
  });
  totals.files++;
  totals.lines += text.split('\n').length;
  totals.as += c.as;
  totals.asUnknownAs += c.asUnknownAs;
  totals.nonNull += c.nonNull;
  if (!isTest(file)) {
    outsideTests.as += c.as;
    outsideTests.asUnknownAs += c.asUnknownAs;
    outsideTests.nonNull += c.nonNull;
  }
  if (c.as || c.nonNull) perFile.push({ file, ...c });
}

const result = { ...totals, outsideTests };
const args = process.argv.slice(2);
if (args.includes('--json')) console.log(JSON.stringify(result, null, 2));
else {
  console.log(
    `${totals.files} files, ${totals.lines} lines; casts: ${totals.as} as (${outsideTests.as} outside tests), ` +
      `${totals.asUnknownAs} as unknown as (${outsideTests.asUnknownAs} outside tests), ${totals.asConst} as const; ` +
      `${totals.nonNull} non-null ! (${outsideTests.nonNull} outside tests); ${totals.any} any`,
  );
  if (args.includes('--files')) {
    perFile.sort((a, b) => b.as + b.nonNull - (a.as + a.nonNull));
    for (const f of perFile) console.log(`  ${f.as} as, ${f.nonNull} !  ${f.file}`);
  }
}
const maxAt = args.indexOf('--max-as');
if (maxAt >= 0) {
  const max = Number(args[maxAt + 1]);
  if (totals.as > max || outsideTests.asUnknownAs > 0) {
    console.error(
      `cast budget exceeded: ${totals.as} 'as' casts (max ${max}), ${outsideTests.asUnknownAs} 'as unknown as' outside tests (max 0)`,
    );
    process.exit(1);
  }
}
