/**
 * /admin/account-requests: registrations waiting for a decision. Approving creates an officer
 * who can log in with the password they chose; rejecting creates nothing.
 */
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { ApiError } from '../../lib/api.ts';
import { type AccountRequestView, decideAccountRequest, fetchAccountRequests } from './users-api.ts';

const errorText = (err: unknown) =>
  err instanceof ApiError ? `errors.${err.isNetwork ? 'network_error' : err.code}` : 'errors.unknown_error';

export default function AccountRequestsPage() {
  const { t, i18n } = useTranslation();
  const [onlyPending, setOnlyPending] = useState(true);
  const [requests, setRequests] = useState<AccountRequestView[] | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);

  const load = useCallback(async () => {
    setRequests(null);
    try {
      setRequests(await fetchAccountRequests(onlyPending ? 'pending' : undefined));
    } catch (err) {
      setRequests([]);
      setMessage({ kind: 'error', text: t(errorText(err)) });
    }
  }, [onlyPending, t]);
  useEffect(() => {
    void load();
  }, [load]);

  const decide = async (r: AccountRequestView, decision: 'approve' | 'reject') => {
    setBusyId(r.id);
    setMessage(null);
    try {
      const { request } = await decideAccountRequest(r.id, decision);
      setRequests(
        (list) => list?.flatMap((x) => (x.id !== r.id ? [x] : onlyPending ? [] : [request])) ?? null,
      );
      const key = decision === 'approve' ? 'users.requests.approved' : 'users.requests.rejected';
      setMessage({ kind: 'success', text: t(key, { name: r.name }) });
    } catch (err) {
      setMessage({ kind: 'error', text: t(errorText(err)) });
    } finally {
      setBusyId(null);
    }
  };

  const date = (iso: string) =>
    new Date(iso).toLocaleString(i18n.language === 'vi' ? 'vi-VN' : i18n.language, {
      dateStyle: 'short',
      timeStyle: 'short',
    });

  return (
    <div className="space-y-4 max-w-5xl">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-bold">{t('users.requests.title')}</h1>
        <Link to="/admin/users" className="btn btn-ghost btn-sm">
          {t('users.title')}
        </Link>
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
            <li
              key={r.id}
              className="card bg-base-100 shadow-sm"
              data-testid="account-request"
              data-email={r.email}
            >
              <div className="card-body p-4 gap-2">
                <div className="flex items-start justify-between gap-2">
                  <div className="min-w-0">
                    <p className="font-semibold truncate">{r.name}</p>
                    <p className="text-sm opacity-80 break-all">{r.email}</p>
                  </div>
                  <span
                    className={`badge badge-sm ${
                      r.status === 'pending'
                        ? 'badge-warning'
                        : r.status === 'approved'
                          ? 'badge-success'
                          : 'badge-error'
                    }`}
                  >
                    {t(`users.requests.status.${r.status}`)}
                  </span>
                </div>
                <p className="text-sm">
                  {t('users.requests.details', { age: r.age, gender: t(`auth.genders.${r.gender}`) })}
                  {' · '}
                  <time dateTime={r.createdAt}>{date(r.createdAt)}</time>
                </p>
                {r.status === 'pending' && (
                  <div className="card-actions justify-end">
                    <button
                      type="button"
                      className="btn btn-sm btn-error btn-outline"
                      disabled={busyId === r.id}
                      onClick={() => void decide(r, 'reject')}
                      aria-label={t('users.requests.rejectOf', { name: r.name })}
                    >
                      {t('users.requests.reject')}
                    </button>
                    <button
                      type="button"
                      className="btn btn-sm btn-success"
                      disabled={busyId === r.id}
                      onClick={() => void decide(r, 'approve')}
                      aria-label={t('users.requests.approveOf', { name: r.name })}
                    >
                      {t('users.requests.approve')}
                    </button>
                  </div>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
