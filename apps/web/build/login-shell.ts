/**
 * Vite plugin: the login screen paints before the app's JavaScript has run. index.html holds
 * the login card as React first renders it (features/auth/login-page.tsx; login-shell.test.ts
 * keeps the two alike), marked `data-shell="login"`, next to the old loading line
 * (`data-shell="loading"`). At build time each `data-t="<i18n key>"` element gets its
 * Vietnamese text, and a small inline script, run before the first paint, applies the stored
 * theme, picks the language as the app does (stored, else the browser's, else Vietnamese),
 * swaps in that language's texts and keeps the login card only for a signed-out visitor who
 * will see the login screen (the loading line otherwise). React replaces all of it on its first
 * render. The card is `inert`: nothing can be typed into it before the real form is there.
 * The script is a file of its own (assets/login-shell-<hash>.js), a classic script right after
 * the card: the server's Content-Security-Policy allows no inline script, and being tiny it has
 * arrived before the stylesheet the first paint waits for.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { STORAGE_KEYS, SUPPORTED_LOCALES, THEMES } from '../../../packages/shared/src/domain/constants.ts';

/** Signed-out screens other than the login screen (the app's route table; checked by a test). */
export const NOT_LOGIN_PATHS = ['/auth/register', '/pre-arrival'];

interface ShellConfig {
  /** The texts of each language but Vietnamese (already in the page), by i18n key. */
  texts: Record<string, Record<string, string>>;
  keys: { theme: string; locale: string; isLoggedIn: string };
  locales: readonly string[];
  themes: readonly string[];
  notLogin: readonly string[];
}

/** Runs in the page, inline, before the first paint (no imports: it is written out as source). */
function startShell(config: ShellConfig) {
  const stored = (key: string) => {
    try {
      return localStorage.getItem(key);
    } catch {
      return null;
    }
  };
  const html = document.documentElement;
  const theme = stored(config.keys.theme);
  const shownTheme =
    theme && config.themes.includes(theme)
      ? theme
      : window.matchMedia?.('(prefers-color-scheme: dark)').matches
        ? 'dark'
        : 'light';
  html.setAttribute('data-theme', shownTheme);
  html.style.colorScheme = shownTheme;
  const browser = (navigator.languages ?? [navigator.language]).map((l) => l.toLowerCase().split('-')[0]);
  const lang = [stored(config.keys.locale), ...browser].find((l) => l && config.locales.includes(l)) ?? 'vi';
  html.lang = lang;
  const login = stored(config.keys.isLoggedIn) !== 'true' && !config.notLogin.includes(location.pathname);
  document.querySelector(`[data-shell="${login ? 'loading' : 'login'}"]`)?.remove();
  // The loading line is hidden in the page: should the browser paint before this script ran, a
  // signed-in visitor sees the card give way to it, and nothing on screen moves (shown from the
  // start below the card, it moved up a whole screen, a layout shift Lighthouse counts;
  // docs/decisions/013-measured-figures.md).
  if (!login) document.querySelector<HTMLElement>('[data-shell="loading"]')?.removeAttribute('hidden');
  const texts = config.texts[lang];
  if (!login || !texts) return;
  for (const el of document.querySelectorAll<HTMLElement>('[data-t]')) {
    const text = el.dataset.t ? texts[el.dataset.t] : undefined;
    if (text) el.textContent = text;
  }
}

type Tree = { [key: string]: string | Tree | undefined };
const isTree = (v: unknown): v is Tree => typeof v === 'object' && v !== null;

/** The text of a dotted key (`<feature>.<key...>`) in a language, from its locale file. */
function textOf(localesDir: string, lang: string, dotted: string): string {
  const [feature, ...rest] = dotted.split('.');
  const file = JSON.parse(readFileSync(path.join(localesDir, lang, `${feature}.json`), 'utf8'));
  const value = rest.reduce<unknown>((node, part) => (isTree(node) ? node[part] : undefined), file);
  if (typeof value !== 'string') throw new Error(`login shell: no ${lang} text for ${dotted}`);
  return value;
}

/** The start script's source: startShell called with this page's configuration. */
export function shellScript(html: string, localesDir: string): string {
  const keys = [...html.matchAll(/data-t="([\w.]+)"/g)].map((m) => m[1] ?? '');
  const texts: ShellConfig['texts'] = {};
  for (const lang of SUPPORTED_LOCALES.filter((l) => l !== 'vi'))
    texts[lang] = Object.fromEntries(keys.map((k) => [k, textOf(localesDir, lang, k)]));
  const config: ShellConfig = {
    texts,
    keys: { theme: STORAGE_KEYS.theme, locale: STORAGE_KEYS.locale, isLoggedIn: STORAGE_KEYS.isLoggedIn },
    locales: SUPPORTED_LOCALES,
    themes: THEMES,
    notLogin: NOT_LOGIN_PATHS,
  };
  return `(${startShell.toString()})(${JSON.stringify(config)});\n`;
}

/** index.html with the Vietnamese texts filled in and the start script's tag in place. */
export function renderShell(html: string, localesDir: string, scriptTag: string): string {
  const filled = html.replace(
    /(<(\w+)[^>]*data-t="([\w.]+)"[^>]*>)[^<]*(<\/\2>)/g,
    (_all, open: string, _tag: string, key: string, close: string) =>
      `${open}${textOf(localesDir, 'vi', key)}${close}`,
  );
  return filled.replace('<!-- login-shell-script -->', scriptTag);
}

export function loginShell(): Plugin {
  let fileName = '';
  let building = false;
  let localesDir = '';
  let indexHtml = '';
  return {
    name: 'bh-login-shell',
    configResolved(config) {
      building = config.command === 'build';
      localesDir = path.join(config.root, 'src/i18n/locales');
      indexHtml = path.join(config.root, 'index.html');
    },
    buildStart() {
      if (!building) return;
      const source = shellScript(readFileSync(indexHtml, 'utf8'), localesDir);
      fileName = `assets/login-shell-${createHash('sha256').update(source).digest('hex').slice(0, 8)}.js`;
      this.emitFile({ type: 'asset', fileName, source });
    },
    transformIndexHtml: {
      order: 'pre',
      handler(html, ctx) {
        if (!ctx.filename.endsWith('index.html')) return html;
        // The dev server sends no Content-Security-Policy: the script goes inline there.
        const tag = building
          ? `<script src="/${fileName}"></script>`
          : `<script>${shellScript(html, localesDir)}</script>`;
        return renderShell(html, localesDir, tag);
      },
    },
  };
}
