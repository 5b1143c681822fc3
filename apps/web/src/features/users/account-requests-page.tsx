/**
 * /admin/account-requests: registrations waiting for a decision, each with the post asked for.
 * Approving creates an officer who can log in with the password they chose; rejecting creates
 * nothing. Admins see every request; a post's supervisor sees (and decides) their post's.
 */
import { type PostList, postName } from '@bh/shared';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { formatDateTime } from '../../i18n/format.ts';
import { apiRequest } from '../../lib/api.ts';
import { useSession } from '../../lib/session.ts';
import { setPosts, useWorkPlace } from '../../lib/work-scope.ts';
import { PersonCard, useAdminAction } from './admin-action.tsx';
import { type AccountRequestView, decideAccountRequest, fetchAccountRequests } from './users-api.ts';

const STATUS_BADGE: Record<AccountRequestView['status'], string> = {
  pending: 'badge-warning',
  approved: 'badge-success',
  rejected: 'badge-error',
};

export default function AccountRequestsPage() {
  const { t, i18n } = useTranslation();
  const isAdmin = useSession()?.user.role === 'admin';
  const { posts } = useWorkPlace();
  const postOf = (id: string | null) => {
    const post = id ? posts.find((p) => p.id === id) : undefined;
    return post ? `${post.code} · ${postName(post, i18n.language)}` : null;
  };
  // The posts the requests name, fresh (a sign-in fetches them in the background, and this
  // screen may open before that answer, or after another screen kept an older list).
  useEffect(() => {
    apiRequest<PostList>('/api/posts')
      .then((list) => setPosts(list.items))
      .catch(() => {});
  }, []);
  const [onlyPending, setOnlyPending] = useState(true);
  const [requests, setRequests] = useState<AccountRequestView[] | null>(null);
  const { busyId, message, fail, run } = useAdminAction();

  // biome-ignore lint/correctness/useExhaustiveDependencies: reloads on the filter and the language; `fail` only sets a message
  const load = useCallback(async () => {
    setRequests(null);
    try {
      setRequests(await fetchAccountRequests(onlyPending ? 'pending' : undefined));
    } catch (err) {
      setRequests([]);
      fail(err);
    }
  }, [onlyPending, t]);
  useEffect(() => {
    void load();
  }, [load]);

  const decide = (r: AccountRequestView, decision: 'approve' | 'reject') =>
    run(r.id, async () => {
      const { request } = await decideAccountRequest(r.id, decision);
      setRequests(
        (list) => list?.flatMap((x) => (x.id !== r.id ? [x] : onlyPending ? [] : [request])) ?? null,
      );
      const key = decision === 'approve' ? 'users.requests.approved' : 'users.requests.rejected';
      return t(key, { name: r.name });
    });

  const decision = (r: AccountRequestView, kind: 'approve' | 'reject', variant: string) => (
    <button
      type="button"
      className={`btn btn-sm ${variant}`}
      disabled={busyId === r.id}
      onClick={() => void decide(r, kind)}
      aria-label={t(`users.requests.${kind}Of`, { name: r.name })}
    >
      {t(`users.requests.${kind}`)}
    </button>
  );

  const date = (iso: string) => formatDateTime(iso);

  return (
    <div className="space-y-4 max-w-5xl">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-bold">{t('users.requests.title')}</h1>
        {isAdmin && (
          <Link to="/admin/users" className="btn btn-ghost btn-sm">
            {t('users.title')}
          </Link>
        )}
      </div>
      <fieldset className="join">
        <legend className="sr-only">{t('users.requests.filter')}</legend>
        <button
          type="button"
          className={`btn btn-sm join-item ${onlyPending ? 'btn-active btn-primary' : ''}`}
          aria-pressed={onlyPending}
          onClick={() => setOnlyPending(true)}
        >
          {t('users.requests.pending')}
        </button>
        <button
          type="button"
          className={`btn btn-sm join-item ${onlyPending ? '' : 'btn-active btn-primary'}`}
          aria-pressed={!onlyPending}
          onClick={() => setOnlyPending(false)}
        >
          {t('users.requests.all')}
        </button>
      </fieldset>
      {message && <Alert tone={message.kind}>{message.text}</Alert>}
      {requests === null ? (
        <Spinner label={t('users.loading')} />
      ) : requests.length === 0 ? (
        <EmptyState testId="requests-empty">{t('users.requests.empty')}</EmptyState>
      ) : (
        <ul className="grid gap-3 md:grid-cols-2" data-testid="account-requests">
          {requests.map((r) => (
            <PersonCard
              key={r.id}
              testId="account-request"
              name={r.name}
              email={r.email}
              badge={
                <span className={`badge badge-sm ${STATUS_BADGE[r.status]}`}>
                  {t(`users.requests.status.${r.status}`)}
                </span>
              }
            >
              <p className="text-sm">
                {t('users.requests.details', { age: r.age, gender: t(`auth.genders.${r.gender}`) })}
                {' · '}
                <time dateTime={r.createdAt}>{date(r.createdAt)}</time>
              </p>
              {postOf(r.postId) && (
                <p className="text-sm" data-testid="account-request-post">
                  <span className="opacity-80">{t('users.requests.post')}: </span>
                  <span className="font-medium">{postOf(r.postId)}</span>
                </p>
              )}
              {r.status === 'pending' && (
                <div className="card-actions justify-end">
                  {decision(r, 'reject', 'btn-error btn-outline')}
                  {decision(r, 'approve', 'btn-success')}
                </div>
              )}
            </PersonCard>
          ))}
        </ul>
      )}
    </div>
  );
}
