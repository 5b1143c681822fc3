/**
 * The reports' post select, for those who read several posts (admins, analysts of a province or
 * the nation): "All posts" (the caller's whole scope, rolled up) or one post (in its own time
 * zone). Hidden for one who reads a single post.
 */
import { postName } from '@bh/shared';
import { useTranslation } from 'react-i18next';
import { useWorkPlace } from '../../lib/work-scope.ts';

/** The posts whose reports this session may ask for one by one; none when it reads only one. */
export function useReportPosts() {
  const { scope, posts } = useWorkPlace();
  if (!scope) return [];
  const readable = scope.readPosts === null ? posts : posts.filter((p) => scope.readPosts?.includes(p.id));
  return readable.length > 1 ? readable : [];
}

export function PostFilter({ value, onChange }: { value: string; onChange: (postId: string) => void }) {
  const { t, i18n } = useTranslation();
  const posts = useReportPosts();
  if (posts.length === 0) return null;
  return (
    <div className="fieldset py-0 w-full sm:w-auto sm:min-w-64">
      <label htmlFor="report-post" className="fieldset-legend pb-1">
        {t('posts.reportFilter.label')}
      </label>
      <select
        id="report-post"
        className="select w-full min-h-11"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        data-testid="report-post"
      >
        <option value="">{t('posts.reportFilter.all')}</option>
        {posts.map((p) => (
          <option key={p.id} value={p.id}>
            {p.code} · {postName(p, i18n.language)}
          </option>
        ))}
      </select>
    </div>
  );
}
