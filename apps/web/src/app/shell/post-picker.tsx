/**
 * After an online sign-in answering several posts, the officer picks the post they work at
 * before working: one large button per post (code and name). Picking the post the session already
 * works at only closes the dialog; another one switches (use-switch-post.ts).
 */
import { postName } from '@bh/shared';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../components/ui/modal.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { setPostChoiceWanted, usePostChoiceWanted } from '../../features/auth/post-choice.ts';
import { useWorkPlace } from '../../lib/work-scope.ts';
import { postTitle, switchablePosts } from './current-post.tsx';
import { useSwitchPost } from './use-switch-post.ts';

export function PostPicker() {
  const { t, i18n } = useTranslation();
  const wanted = usePostChoiceWanted();
  const { scope, posts } = useWorkPlace();
  const { busyId, error, choose } = useSwitchPost();
  const choices = switchablePosts(scope, posts);
  const open = wanted && choices.length > 1;
  const current = choices.find((p) => p.id === scope?.postId);
  const done = () => setPostChoiceWanted(false);
  const lang = i18n.language;
  if (!open) return null;
  return (
    <Modal
      open
      // Escape or the backdrop keep the post the server chose (the top bar can switch later).
      onClose={done}
      title={t('posts.picker.title')}
      closeLabel={
        current ? t('posts.picker.later', { post: postTitle(current, lang) }) : t('posts.actions.cancel')
      }
      testId="post-picker"
    >
      <p className="mb-3">{t('posts.picker.intro')}</p>
      <ul className="flex flex-col gap-2">
        {choices.map((p) => (
          <li key={p.id}>
            <button
              type="button"
              className={`btn w-full min-h-14 h-auto justify-start text-left gap-3 ${p.id === current?.id ? 'btn-primary' : 'btn-outline'}`}
              aria-label={t('posts.picker.choose', { post: postTitle(p, lang) })}
              disabled={busyId !== null}
              data-testid={`pick-post-${p.code}`}
              onClick={() => {
                if (p.id === current?.id) return done();
                void choose(p.id).then((ok) => ok && done());
              }}
            >
              <span className="font-mono text-lg font-bold w-14 shrink-0">{p.code}</span>
              <span className="flex-1 font-normal">{postName(p, lang)}</span>
              {busyId === p.id && <Spinner size="xs" />}
            </button>
          </li>
        ))}
      </ul>
      {error && (
        <p role="alert" className="text-error mt-3" data-testid="post-picker-error">
          {t(error)}
        </p>
      )}
    </Modal>
  );
}
