/**
 * The login card in index.html (build/login-shell.ts) is what a slow network shows until React
 * renders the login page: it must look the same (same elements and classes, same texts in each
 * language) and appear only where the login screen will.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { cleanup, render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NOT_LOGIN_PATHS, renderShell, shellScript } from '../../build/login-shell.ts';
import LoginPage from '../features/auth/login-page.tsx';
import { initI18n } from '../i18n/index.ts';
import { routesWith } from './routes.ts';

const INDEX = readFileSync(path.resolve(import.meta.dirname, '../../index.html'), 'utf8');
const LOCALES = path.resolve(import.meta.dirname, '../i18n/locales');

/** The page's body as the server sends it, then its start script run (as the browser would). */
function loadShell() {
  const script = shellScript(INDEX, LOCALES);
  const html = renderShell(INDEX, LOCALES, '');
  document.body.innerHTML = /<body>([\s\S]*)<\/body>/.exec(html)?.[1] ?? '';
  new Function(script)();
}

/** Element tree as tag + classes (+ input type), texts apart: what decides the look. */
function skeleton(el: Element): string {
  const kids = [...el.children]
    // The shell wraps a text that React writes bare in a span (to give it its i18n key).
    .flatMap((c) => (c.tagName === 'SPAN' && c.hasAttribute('data-t') && !c.className ? [] : [c]))
    .map(skeleton)
    .join('');
  const type = el instanceof HTMLInputElement ? `[${el.type}]` : '';
  return `<${el.tagName.toLowerCase()}${type} ${[...el.classList].sort().join(' ')}>${kids}</>`;
}
/** The texts in reading order, one per text node (whitespace between elements left out). */
function texts(el: Element): string[] {
  const found: string[] = [];
  const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.nodeValue?.trim();
    if (text) found.push(text);
  }
  return found;
}

async function reactLogin(lang: 'vi' | 'en' | 'ja') {
  await initI18n().changeLanguage(lang);
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ demo: false }))),
  );
  const { container } = render(
    <MemoryRouter>
      <LoginPage />
    </MemoryRouter>,
  );
  const main = container.querySelector('main');
  if (!main) throw new Error('the login page has no main element');
  return main;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  document.body.innerHTML = '';
});

describe('login shell', () => {
  it.each(['vi', 'en', 'ja'] as const)('matches the login page React renders first (%s)', async (lang) => {
    localStorage.setItem('app-locale', lang);
    loadShell();
    const shell = document.querySelector('[data-shell="login"]');
    if (!shell) throw new Error('no login card in index.html');
    const shellSkeleton = skeleton(shell);
    const shellTexts = texts(shell);
    document.body.innerHTML = '';
    const page = await reactLogin(lang);
    expect(shellSkeleton).toBe(skeleton(page));
    expect(shellTexts).toEqual(texts(page));
  });

  it('applies the stored theme and language before the first paint', () => {
    localStorage.setItem('theme', 'dark');
    localStorage.setItem('app-locale', 'ja');
    loadShell();
    expect(document.documentElement.getAttribute('data-theme')).toBe('dark');
    expect(document.documentElement.lang).toBe('ja');
  });

  it('shows the loading line, not the login card, to a signed-in visitor', () => {
    localStorage.setItem('isLoggedIn', 'true');
    loadShell();
    expect(document.querySelector('[data-shell="login"]')).toBeNull();
    expect(document.querySelector('[data-shell="loading"]')?.hasAttribute('hidden')).toBe(false);
  });

  it('keeps the loading line hidden until the script chose it (a paint before it moves nothing)', () => {
    const html = renderShell(INDEX, LOCALES, '');
    document.body.innerHTML = /<body>([\s\S]*)<\/body>/.exec(html)?.[1] ?? '';
    expect(document.querySelector('[data-shell="loading"]')?.hasAttribute('hidden')).toBe(true);
  });

  it('knows every signed-out screen other than the login screen', () => {
    const others = [...routesWith('guest'), ...routesWith('public')]
      .map((r) => r.path)
      .filter((p) => p !== '/login');
    expect([...NOT_LOGIN_PATHS].sort()).toEqual(others.sort());
  });
});
