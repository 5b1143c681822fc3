/**
 * The app's own start-up modules as one chunk. Everything the page's entry (index.html ->
 * src/main.tsx) imports statically loads on every route anyway; left to automatic chunking it
 * became ~15 chunks of a few hundred bytes (they are also shared with lazy pages), each a request
 * and a gzip stream of its own. Modules the offline page (offline.html) also imports stay out:
 * loading the chunk runs every module in it, and the offline page must not start the app.
 */
import type { Plugin } from 'vite';

const isEntryOf = (page: string) => (id: string) => id.endsWith(`/${page}`);

export function startChunk(): { plugin: Plugin; test: (id: string) => boolean } {
  const start = new Set<string>();
  const plugin: Plugin = {
    name: 'bh-start-chunk',
    apply: 'build',
    buildEnd() {
      start.clear();
      const ids = [...this.getModuleIds()];
      const closure = (root: string | undefined) => {
        const seen = new Set<string>();
        const stack = root ? [root] : [];
        while (stack.length > 0) {
          const id = stack.pop();
          if (id === undefined || seen.has(id)) continue;
          seen.add(id);
          stack.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
        return seen;
      };
      const app = closure(ids.find(isEntryOf('index.html')));
      const offline = closure(ids.find(isEntryOf('offline.html')));
      for (const id of app) if (!offline.has(id) && !id.includes('/node_modules/')) start.add(id);
    },
  };
  return { plugin, test: (id) => start.has(id) };
}
