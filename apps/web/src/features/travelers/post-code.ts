/** The post code of a traveller in the list (kept apart from the transfer dialog, which the list does not load). */
import { useWorkPlace } from '../../lib/work-scope.ts';

/**
 * The post code of a list entry, for one who reads several posts (admins, analysts of a
 * province or the nation); null for one who reads a single post, where it would say nothing.
 */
export function usePostCodeOf(): (entry: object) => string | null {
  const { scope, posts } = useWorkPlace();
  const several = scope !== null && (scope.readPosts === null || scope.readPosts.length > 1);
  return (entry) => {
    if (!several || !('entryPostId' in entry) || typeof entry.entryPostId !== 'string') return null;
    const id = entry.entryPostId;
    return posts.find((p) => p.id === id)?.code ?? null;
  };
}
