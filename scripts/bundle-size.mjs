#!/usr/bin/env node
// Gzipped size of the JavaScript the browser loads for the login route: the entry chunk of
// apps/web/dist/index.html, the login page's lazy chunk, and every chunk they import statically.
// Prints JSON; `--max-kb N` fails when the login route passes N KB gzipped (the budget).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '../apps/web/dist');
const assets = path.join(dist, 'assets');
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const entry = /<script[^>]+src="\/assets\/([^"]+\.js)"/.exec(html)?.[1];
if (!entry) throw new Error('no entry script in apps/web/dist/index.html (run npm run build)');

const gz = new Map();
const gzipOf = (file) => {
  if (!gz.has(file)) gz.set(file, gzipSync(readFileSync(path.join(assets, file))).length);
  return gz.get(file);
};
/** Chunks a chunk imports statically (`import ... from "./x.js"`, `import "./x.js"`). */
const staticImports = (file) => {
  const text = readFileSync(path.join(assets, file), 'utf8');
  return [...text.matchAll(/(?:\bfrom|\bimport)\s*["']\.\/([^"']+\.js)["']/g)].map((m) => m[1]);
};
const closure = (roots) => {
  const seen = new Set();
  const stack = [...roots];
  while (stack.length) {
    const f = stack.pop();
    if (seen.has(f)) continue;
    seen.add(f);
    stack.push(...staticImports(f));
  }
  return seen;
};
const all = readdirSync(assets).filter((f) => f.endsWith('.js'));
const loginChunk = all.find((f) => f.startsWith('login-page-'));
const login = closure([entry, ...(loginChunk ? [loginChunk] : [])]);
const sum = (files) => [...files].reduce((n, f) => n + gzipOf(f), 0);
const result = {
  loginRouteGzipKB: +(sum(login) / 1024).toFixed(1),
  loginRouteChunks: login.size,
  allJsGzipKB: +(sum(all) / 1024).toFixed(1),
  allJsChunks: all.length,
};
console.log(JSON.stringify(result));
const at = process.argv.indexOf('--max-kb');
if (at > 0 && result.loginRouteGzipKB > Number(process.argv[at + 1])) {
  console.error(
    `login route ${result.loginRouteGzipKB} KB gzipped exceeds the budget of ${process.argv[at + 1]} KB`,
  );
  process.exit(1);
}
