/** The app's registered API operations as 'METHOD /path', read from Fastify's route tree. */
import type { FastifyInstance } from 'fastify';

export function registeredApiRoutes(app: FastifyInstance): string[] {
  const found: string[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const m = /^([│ ]*)[├└]── (.*?)(?: \(([^)]*)\))?$/.exec(line);
    if (!m) continue;
    const depth = m[1]!.length / 4;
    stack.length = depth;
    stack.push(m[2]!);
    const path = stack.join('');
    // /api/docs/* are the reference UI's pages and assets, not API operations.
    if (!m[3] || !path.startsWith('/api/') || path.startsWith('/api/docs')) continue;
    for (const method of m[3].split(', ')) if (method !== 'HEAD') found.push(`${method} ${path}`);
  }
  return found;
}
