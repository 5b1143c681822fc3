/**
 * The top bar's current post: where the signed-in person works (code and name in the app's
 * language, cut short on phones; the full name is in its accessible name and tooltip). An officer or
 * supervisor with several posts gets a switcher; an analyst sees their province or the nation.
 * An admin reads every post and works at one (where the travellers they register belong): the
 * switcher names it, or the nation when there is none.
 */
import { type Post, postName, type WorkScope } from '@bh/shared';
import { Check, ChevronDown, MapPin } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dropdown } from '../../components/ui/dropdown.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useWorkPlace } from '../../lib/work-scope.ts';
import { useSwitchPost } from './use-switch-post.ts';

/** The posts of the scope one may switch to, in the scope's order, as far as their names are known. */
export function switchablePosts(scope: WorkScope | null, posts: readonly Post[]): Post[] {
  if (!scope || scope.role === 'analyst') return [];
  return scope.posts.flatMap((id) => posts.filter((p) => p.id === id));
}

/** "HAN · Nội Bài ..." in the language. */
export const postTitle = (post: Post, lang: string) => `${post.code} · ${postName(post, lang)}`;

/** What the chip says without a post: the analyst's province, or the nation. */
function areaText(scope: WorkScope, t: (key: string) => string): string {
  if (scope.key.startsWith('province:')) return scope.key.slice('province:'.length);
  if (scope.role === 'admin' || scope.role === 'analyst' || scope.key === 'all')
    return t('posts.current.nationwide');
  return t('posts.current.none');
}

const CHIP =
  'btn btn-ghost btn-sm min-h-11 h-auto gap-1 px-2 font-semibold max-w-full sm:max-w-[20rem] flex-nowrap';

function ChipText({ code, name }: { code: string; name: string | null }) {
  return (
    <>
      <MapPin aria-hidden="true" className="size-4 shrink-0" />
      <span className="truncate">
        {code}
        {name && <span className="font-normal"> · {name}</span>}
      </span>
    </>
  );
}

function Switcher({
  current,
  posts,
  lang,
  nationwide,
}: {
  current: Post | undefined;
  posts: Post[];
  lang: string;
  /** An admin: reads every post, works at the one chosen. */
  nationwide: boolean;
}) {
  const { t } = useTranslation();
  const { busyId, error, choose } = useSwitchPost();
  const [done, setDone] = useState<string | null>(null);
  const label = current ? postTitle(current, lang) : t('posts.current.none');
  return (
    // min-w-0: the chip may shrink (and its name be cut short) in the top bar's row.
    <div className="min-w-0">
      <Dropdown
        testId="post-switcher"
        buttonClassName={CHIP}
        buttonLabel={t('posts.current.switchTo', { post: label })}
        panelPosition="absolute left-0 top-full mt-2"
        panelClassName="w-72 max-w-[90vw] p-2"
        button={
          <>
            <ChipText code={current?.code ?? '—'} name={current ? postName(current, lang) : null} />
            <ChevronDown aria-hidden="true" className="size-4 shrink-0" />
          </>
        }
      >
        {(close) => (
          <>
            <p className="px-2 pb-1 text-xs opacity-80">
              {t(nationwide ? 'posts.current.adminNote' : 'posts.current.label')}
            </p>
            <ul className="menu w-full p-0">
              {posts.map((p) => (
                <li key={p.id}>
                  <button
                    type="button"
                    className={`min-h-11 ${p.id === current?.id ? 'menu-active' : ''}`}
                    aria-current={p.id === current?.id ? 'true' : undefined}
                    disabled={busyId !== null}
                    data-testid={`switch-post-${p.code}`}
                    onClick={() => {
                      if (p.id === current?.id) return close();
                      void choose(p.id).then((ok) => {
                        if (!ok) return;
                        setDone(postTitle(p, lang));
                        close();
                      });
                    }}
                  >
                    <span className="font-mono font-semibold">{p.code}</span>
                    <span className="flex-1">{postName(p, lang)}</span>
                    {busyId === p.id && <Spinner size="xs" />}
                    {p.id === current?.id && <Check aria-hidden="true" className="size-4" />}
                  </button>
                </li>
              ))}
            </ul>
            {error && (
              <p role="alert" className="text-error text-sm px-2 pt-1" data-testid="post-switch-error">
                {t(error)}
              </p>
            )}
          </>
        )}
      </Dropdown>
      <span className="sr-only" role="status">
        {done ? t('posts.current.switched', { post: done }) : ''}
      </span>
    </div>
  );
}

export function CurrentPost() {
  const { t, i18n } = useTranslation();
  const { scope, posts } = useWorkPlace();
  if (!scope) return null;
  const lang = i18n.language;
  const current = posts.find((p) => p.id === scope.postId);
  const choices = switchablePosts(scope, posts);
  if (choices.length > 1)
    return <Switcher current={current} posts={choices} lang={lang} nationwide={scope.role === 'admin'} />;
  const text = current ? postTitle(current, lang) : areaText(scope, t);
  return (
    <span
      className="inline-flex items-center gap-1 px-2 min-h-11 text-sm font-semibold min-w-0 max-w-full sm:max-w-[20rem]"
      title={text}
      data-testid="current-post"
    >
      <span className="sr-only">
        {t(
          !current && (scope.role === 'admin' || scope.role === 'analyst')
            ? 'posts.current.area'
            : 'posts.current.label',
        )}
        :{' '}
      </span>
      {current ? (
        <ChipText code={current.code} name={postName(current, lang)} />
      ) : (
        <>
          <MapPin aria-hidden="true" className="size-4 shrink-0" />
          <span className="truncate">{text}</span>
        </>
      )}
    </span>
  );
}
