/**
 * /admin/posts: the country's points of entry. Admins list them (code, name in the app's
 * language, kind, province, time zone, open or closed), create, edit, close and reopen them. A
 * closed post keeps its travellers and history; closing asks first.
 */
import { type Post, postName } from '@bh/shared';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/alert.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { DataTable } from '../../components/ui/data-table.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { ApiError } from '../../lib/api.ts';
import { PostForm } from './post-form.tsx';
import { fetchPosts, updatePost } from './posts-api.ts';

type Message = { tone: 'success' | 'error'; text: string } | null;
/** The form on view: none, a new post, or the post being edited. */
type Editing = null | 'new' | Post;

const failureKey = (err: unknown) =>
  err instanceof ApiError ? `errors.${err.isNetwork ? 'network_error' : err.code}` : 'errors.unknown_error';

function StatusBadge({ post }: { post: Post }) {
  const { t } = useTranslation();
  const closed = post.closedAt !== null;
  return (
    <span className={`badge badge-sm whitespace-nowrap ${closed ? 'badge-neutral' : 'badge-success'}`}>
      {t(closed ? 'posts.status.closed' : 'posts.status.open')}
    </span>
  );
}

export default function PostsPage() {
  const { t, i18n } = useTranslation();
  const [posts, setPostList] = useState<Post[] | null>(null);
  const [editing, setEditing] = useState<Editing>(null);
  const [closing, setClosing] = useState<Post | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [message, setMessage] = useState<Message>(null);
  const lang = i18n.language;

  const load = useCallback(async () => {
    try {
      setPostList(await fetchPosts());
    } catch (err) {
      setPostList((list) => list ?? []);
      setMessage({ tone: 'error', text: t(failureKey(err)) });
    }
  }, [t]);
  useEffect(() => {
    void load();
  }, [load]);

  const provinces = [...new Set((posts ?? []).map((p) => p.province))].sort();
  const label = (p: Post) => `${p.code} · ${postName(p, lang)}`;

  const replace = (post: Post) =>
    setPostList((list) =>
      list?.some((p) => p.id === post.id)
        ? list.map((p) => (p.id === post.id ? post : p))
        : [...(list ?? []), post],
    );

  const setClosed = async (post: Post, closed: boolean) => {
    setBusyId(post.id);
    setMessage(null);
    try {
      const saved = await updatePost(post.id, { version: post.version, closed });
      replace(saved);
      setMessage({
        tone: 'success',
        text: t(closed ? 'posts.messages.closed' : 'posts.messages.reopened', { code: saved.code }),
      });
    } catch (err) {
      if (err instanceof ApiError && err.status === 409) {
        setMessage({ tone: 'error', text: t('posts.messages.staleVersion') });
        void load();
      } else setMessage({ tone: 'error', text: t(failureKey(err)) });
    } finally {
      setBusyId(null);
      setClosing(null);
    }
  };

  const actions = (p: Post) => (
    <div className="flex flex-wrap justify-end gap-2">
      <button
        type="button"
        className="btn btn-sm min-h-11 md:min-h-8"
        aria-label={t('posts.actions.editOf', { post: label(p) })}
        disabled={busyId === p.id}
        onClick={() => {
          setMessage(null);
          setEditing(p);
        }}
        data-testid="post-edit"
      >
        {t('posts.actions.edit')}
      </button>
      {p.closedAt === null ? (
        <button
          type="button"
          className="btn btn-sm btn-outline btn-error min-h-11 md:min-h-8"
          aria-label={t('posts.actions.closeOf', { post: label(p) })}
          disabled={busyId === p.id}
          onClick={() => setClosing(p)}
          data-testid="post-close"
        >
          {t('posts.actions.close')}
        </button>
      ) : (
        <button
          type="button"
          className="btn btn-sm btn-outline btn-success min-h-11 md:min-h-8"
          aria-label={t('posts.actions.reopenOf', { post: label(p) })}
          disabled={busyId === p.id}
          onClick={() => void setClosed(p, false)}
          data-testid="post-reopen"
        >
          {t('posts.actions.reopen')}
        </button>
      )}
    </div>
  );

  return (
    <div className="space-y-4 max-w-6xl" data-testid="posts-page">
      <PageHeader title={t('posts.title')} subtitle={t('posts.subtitle')}>
        {editing === null && (
          <button
            type="button"
            className="btn btn-primary min-h-11"
            onClick={() => {
              setMessage(null);
              setEditing('new');
            }}
            data-testid="post-create-open"
          >
            {t('posts.actions.create')}
          </button>
        )}
      </PageHeader>
      {message && (
        <Alert tone={message.tone} data-testid="posts-message">
          {message.text}
        </Alert>
      )}
      {editing !== null && (
        <PostForm
          key={editing === 'new' ? 'new' : editing.id}
          post={editing === 'new' ? undefined : editing}
          provinces={provinces}
          onCancel={() => setEditing(null)}
          onStale={() => {
            setEditing(null);
            setMessage({ tone: 'error', text: t('posts.messages.staleVersion') });
            void load();
          }}
          onSaved={(post, created) => {
            replace(post);
            setEditing(null);
            setMessage({
              tone: 'success',
              text: t(created ? 'posts.messages.created' : 'posts.messages.updated', { code: post.code }),
            });
          }}
        />
      )}
      {posts === null ? (
        <Spinner label={t('posts.loading')} />
      ) : posts.length === 0 ? (
        <EmptyState testId="posts-empty">{t('posts.empty')}</EmptyState>
      ) : (
        <>
          <ul className="space-y-2 md:hidden" data-testid="posts-cards">
            {posts.map((p) => (
              <li key={p.id} className="card bg-base-100 shadow-sm" data-testid="post-row" data-code={p.code}>
                <div className="card-body p-4 gap-2">
                  <div className="flex items-start justify-between gap-2">
                    <div className="min-w-0">
                      <p className="font-semibold">
                        <span className="font-mono me-2">{p.code}</span>
                        {postName(p, lang)}
                      </p>
                      <p className="text-sm opacity-80">
                        {t(`posts.kinds.${p.kind}`)} · {p.province} · {p.timeZone}
                      </p>
                    </div>
                    <StatusBadge post={p} />
                  </div>
                  {actions(p)}
                </div>
              </li>
            ))}
          </ul>
          <div className="hidden md:block overflow-x-auto rounded-box bg-base-100 shadow-sm">
            <DataTable
              testId="posts-table"
              columns={[
                t('posts.fields.code'),
                t('posts.fields.name'),
                t('posts.fields.kind'),
                t('posts.fields.province'),
                t('posts.fields.timeZone'),
                t('posts.fields.status'),
                <span key="actions" className="sr-only">
                  {t('posts.fields.actions')}
                </span>,
              ]}
            >
              {posts.map((p) => (
                <tr key={p.id} data-testid="post-row" data-code={p.code}>
                  <td className="font-mono font-semibold">{p.code}</td>
                  <td>{postName(p, lang)}</td>
                  <td>{t(`posts.kinds.${p.kind}`)}</td>
                  <td>{p.province}</td>
                  <td className="font-mono text-sm">{p.timeZone}</td>
                  <td>
                    <StatusBadge post={p} />
                  </td>
                  <td>{actions(p)}</td>
                </tr>
              ))}
            </DataTable>
          </div>
        </>
      )}
      <ConfirmDialog
        open={closing !== null}
        title={closing ? t('posts.confirmClose.title', { post: label(closing) }) : ''}
        confirmLabel={t('posts.actions.close')}
        cancelLabel={t('posts.actions.cancel')}
        busy={closing !== null && busyId === closing.id}
        onConfirm={() => closing && void setClosed(closing, true)}
        onCancel={() => setClosing(null)}
        confirmTestId="post-close-confirm"
      >
        <p>{closing ? t('posts.confirmClose.body') : ''}</p>
      </ConfirmDialog>
    </div>
  );
}
