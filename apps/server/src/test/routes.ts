/** The app's registered API operations as 'METHOD /path', read from Fastify's route tree. */
import type { FastifyInstance } from 'fastify';

export function registeredApiRoutes(app: FastifyInstance): string[] {
  const found: string[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const m = /^(?<indent>[│ ]*)[├└]── (?<segment>.*?)(?: \((?<methods>[^)]*)\))?$/.exec(line);
    if (!m?.groups) continue;
    const { indent = '', segment = '', methods } = m.groups;
    stack.length = indent.length / 4;
    stack.push(segment);
    const path = stack.join('');
    // /api/docs/* are the reference UI's pages and assets, not API operations.
    if (!methods || !path.startsWith('/api/') || path.startsWith('/api/docs')) continue;
    for (const method of methods.split(', ')) if (method !== 'HEAD') found.push(`${method} ${path}`);
  }
  return found;
}
