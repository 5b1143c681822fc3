/**
 * /admin/audit (admins): the audit trail, newest first, filtered by user, reads or changes,
 * device, traveller, action and time; "Load more" follows the server's keyset cursor; the
 * filtered trail downloads as CSV. A read names the device it was made on. On a phone the
 * traveller search shows and the other filters open behind "More filters" (the entries start on
 * the first screen); a status the server wrote reads "moved from ... to ..." (audit-sentence.ts).
 */
import { type AuditEntry, type DeviceList, pickLocale, ROLE_OPTIONS, type UserList } from '@bh/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionButton } from '../../components/ui/action-button.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { AppDateField } from '../../components/ui/date-field.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { formatDateTime } from '../../i18n/format.ts';
import { api } from '../../lib/api.ts';
import { type AuditFilters, downloadAuditCsv, EMPTY_AUDIT_FILTERS, fetchAuditPage } from './audit-api.ts';
import { auditSentence } from './audit-sentence.ts';
import { ValueChanges } from './value-changes.tsx';

function roleName(role: string | null, lang: string): string | null {
  const option = ROLE_OPTIONS.find((o) => o.value === role);
  return option ? pickLocale(option.label, lang) : role;
}

type Load = { kind: 'loading' } | { kind: 'ready' } | { kind: 'error' };

export default function AuditPage() {
  const { t, i18n } = useTranslation();
  const [draft, setDraft] = useState<AuditFilters>(EMPTY_AUDIT_FILTERS);
  const [filters, setFilters] = useState<AuditFilters>(EMPTY_AUDIT_FILTERS);
  const [items, setItems] = useState<AuditEntry[]>([]);
  const [cursor, setCursor] = useState<number | null>(null);
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const [users, setUsers] = useState<UserList['users']>([]);
  const [devices, setDevices] = useState<DeviceList['items']>([]);
  const [exportKb, setExportKb] = useState<number | null>(null);
  // On a phone the traveller search alone shows; the other filters open on demand, so the
  // entries start on the first screen.
  const [moreFilters, setMoreFilters] = useState(false);

  useEffect(() => {
    void api.get<UserList>('/api/users').then(
      (list) => setUsers(list.users),
      () => setUsers([]),
    );
    void api.get<DeviceList>('/api/devices').then(
      (list) => setDevices(list.items),
      () => setDevices([]),
    );
  }, []);

  useEffect(() => {
    let alive = true;
    setLoad({ kind: 'loading' });
    fetchAuditPage(filters, null).then(
      (page) => {
        if (!alive) return;
        setItems(page.items);
        setCursor(page.nextCursor);
        setLoad({ kind: 'ready' });
      },
      () => alive && setLoad({ kind: 'error' }),
    );
    return () => {
      alive = false;
    };
  }, [filters]);

  const more = async () => {
    if (cursor === null) return;
    setLoad({ kind: 'loading' });
    try {
      const page = await fetchAuditPage(filters, cursor);
      setItems((prev) => [...prev, ...page.items]);
      setCursor(page.nextCursor);
      setLoad({ kind: 'ready' });
    } catch {
      setLoad({ kind: 'error' });
    }
  };

  const exportCsv = async () => {
    setExportKb(0);
    try {
      await downloadAuditCsv(filters, (bytes) => setExportKb(Math.ceil(bytes / 1024)));
    } finally {
      setExportKb(null);
    }
  };

  const field = (name: 'traveler' | 'action', type: string, placeholder?: string) => (
    <label className="flex flex-col gap-1 text-sm">
      {t(`audit.filter.${name}`)}
      <input
        type={type}
        placeholder={placeholder}
        className="input"
        value={draft[name]}
        onChange={(e) => setDraft({ ...draft, [name]: e.target.value })}
        data-testid={`audit-${name}`}
      />
    </label>
  );
  // From and to in the app's language (day, month, year, hours and minutes), not the browser's.
  const timeField = (name: 'from' | 'to') => (
    <div className="flex flex-col gap-1 text-sm">
      <span aria-hidden="true">{t(`audit.filter.${name}`)}</span>
      <AppDateField
        label={t(`audit.filter.${name}`)}
        granularity="minute"
        value={draft[name]}
        onChange={(value) => setDraft({ ...draft, [name]: value })}
        testId={`audit-${name}`}
      />
    </div>
  );

  const hiddenSet = (['userId', 'kind', 'deviceId', 'action', 'from', 'to'] as const).filter(
    (name) => draft[name] !== '',
  ).length;

  return (
    <div className="flex flex-col gap-4 max-w-7xl mx-auto" data-testid="audit">
      <PageHeader title={t('audit.title')} subtitle={t('audit.subtitle')}>
        <div className="flex flex-col items-end gap-1">
          <ActionButton
            className="btn"
            onClick={() => void exportCsv()}
            disabled={exportKb !== null}
            testId="audit-export"
          >
            {t('audit.export')}
          </ActionButton>
          {exportKb !== null && (
            <p role="status" className="text-xs tabular-nums">
              {t('audit.exporting', { kb: exportKb })}
            </p>
          )}
        </div>
      </PageHeader>
      <form
        className="card bg-base-100 shadow-sm p-4 flex flex-row flex-wrap items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          setFilters(draft);
        }}
        aria-label={t('audit.filter.label')}
      >
        {field('traveler', 'search', t('audit.filter.travelerPlaceholder'))}
        <button
          type="button"
          className="btn btn-ghost sm:hidden"
          aria-expanded={moreFilters}
          aria-controls="audit-more-filters"
          onClick={() => setMoreFilters((open) => !open)}
          data-testid="audit-more-filters-toggle"
        >
          {t('audit.filter.more')}
          {hiddenSet > 0 && <span className="badge badge-sm badge-primary">{hiddenSet}</span>}
        </button>
        <div
          id="audit-more-filters"
          className={moreFilters ? 'contents' : 'hidden sm:contents'}
          data-testid="audit-more-filters"
        >
          <label className="flex flex-col gap-1 text-sm">
            {t('audit.filter.userId')}
            <select
              className="select"
              value={draft.userId}
              onChange={(e) => setDraft({ ...draft, userId: e.target.value })}
              data-testid="audit-userId"
            >
              <option value="">{t('audit.filter.anyUser')}</option>
              {users.map((u) => (
                <option key={u.id} value={u.id}>
                  {u.name} ({u.email})
                </option>
              ))}
            </select>
          </label>
          <label className="flex flex-col gap-1 text-sm">
            {t('audit.filter.kind')}
            <select
              className="select"
              value={draft.kind}
              onChange={(e) => {
                const kind = e.target.value;
                setDraft({ ...draft, kind: kind === 'read' || kind === 'change' ? kind : '' });
              }}
              data-testid="audit-kind"
            >
              <option value="">{t('audit.filter.anyKind')}</option>
              <option value="read">{t('audit.filter.kindRead')}</option>
              <option value="change">{t('audit.filter.kindChange')}</option>
            </select>
          </label>
          <label className="flex flex-col gap-1 text-sm">
            {t('audit.filter.deviceId')}
            <select
              className="select"
              value={draft.deviceId}
              onChange={(e) => setDraft({ ...draft, deviceId: e.target.value })}
              data-testid="audit-deviceId"
            >
              <option value="">{t('audit.filter.anyDevice')}</option>
              {devices.map((d) => (
                <option key={d.id} value={d.id}>
                  {d.label} ({d.userName})
                </option>
              ))}
            </select>
          </label>
          {field('action', 'text')}
          {timeField('from')}
          {timeField('to')}
        </div>
        <button type="submit" className="btn btn-primary" data-testid="audit-apply">
          {t('audit.filter.apply')}
        </button>
        <button
          type="button"
          className="btn btn-ghost"
          onClick={() => {
            setDraft(EMPTY_AUDIT_FILTERS);
            setFilters(EMPTY_AUDIT_FILTERS);
          }}
        >
          {t('audit.filter.clear')}
        </button>
      </form>
      {load.kind === 'error' && <Alert tone="error">{t('audit.failed')}</Alert>}
      <ol className="flex flex-col gap-2" data-testid="audit-list">
        {items.map((e) => (
          <li key={e.id} className="card bg-base-100 shadow-sm p-3 text-sm" data-testid="audit-entry">
            <p className="font-medium" data-testid="audit-sentence">
              {auditSentence(e, t)}
            </p>
            <div className="flex flex-wrap gap-x-3 gap-y-1 items-baseline text-xs opacity-80">
              <time dateTime={e.at} className="tabular-nums">
                {formatDateTime(e.at)}
              </time>
              {e.userName && (
                <span data-testid="audit-who">
                  {e.userName}
                  {e.userRole && ` · ${roleName(e.userRole, i18n.language)}`}
                </span>
              )}
              <span
                className="font-mono"
                title={
                  e.newVersion === null
                    ? undefined
                    : t('audit.version', { from: e.oldVersion ?? 0, to: e.newVersion })
                }
              >
                {e.action}
              </span>
              {e.device && (
                <span data-testid="audit-device">{t('audit.device', { label: e.device.label })}</span>
              )}
            </div>
            {(e.oldValues || e.newValues) && (
              <details className="mt-1">
                <summary className="cursor-pointer min-h-11 flex items-center">{t('audit.changes')}</summary>
                <ValueChanges entry={e} />
              </details>
            )}
          </li>
        ))}
      </ol>
      {load.kind === 'ready' && items.length === 0 && <p className="opacity-80">{t('audit.empty')}</p>}
      {load.kind === 'loading' && <Spinner />}
      {load.kind === 'ready' && cursor !== null && (
        <ActionButton className="btn self-center" onClick={() => void more()} testId="audit-more">
          {t('audit.more')}
        </ActionButton>
      )}
    </div>
  );
}
