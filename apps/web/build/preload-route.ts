/**
 * Vite plugin: index.html preloads (`<link rel="modulepreload">`) the chunks of the screen a
 * first visit most likely opens, the login screen. Without it the browser learns about them only
 * after the app's start-up script has run and the router has matched the route: one more round
 * trip before the first paint on a slow network. For a signed-in device the service worker serves
 * index.html and these chunks from its cache, so the hint costs nothing there.
 */
import type { Plugin, Rollup } from 'vite';

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;

const chunkOf = (bundle: OutputBundle, moduleSuffix: string): OutputChunk | undefined =>
  Object.values(bundle).find(
    (c): c is OutputChunk => c.type === 'chunk' && Boolean(c.facadeModuleId?.endsWith(moduleSuffix)),
  );

/** The chunk of `moduleSuffix` and every chunk it imports statically, in load order. */
function closure(bundle: OutputBundle, root: OutputChunk): string[] {
  const seen = new Set<string>();
  const visit = (chunk: OutputChunk) => {
    if (seen.has(chunk.fileName)) return;
    seen.add(chunk.fileName);
    for (const file of chunk.imports) {
      const next = bundle[file];
      if (next?.type === 'chunk') visit(next);
    }
  };
  visit(root);
  return [...seen];
}

export function preloadRoute(moduleSuffix: string): Plugin {
  return {
    name: 'bh:preload-route',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.bundle || !ctx.path.endsWith('/index.html')) return html;
        const root = chunkOf(ctx.bundle, moduleSuffix);
        if (!root) throw new Error(`preload-route: no chunk for ${moduleSuffix}`);
        const already = new Set([...html.matchAll(/\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]));
        return {
          html,
          tags: closure(ctx.bundle, root)
            .filter((file) => !already.has(file))
            .map((file) => ({
              tag: 'link',
              attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
              injectTo: 'head' as const,
            })),
        };
      },
    },
  };
}
