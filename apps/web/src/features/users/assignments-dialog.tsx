/**
 * A user's posts and roles (admins): each assignment is a role at a post (officer, supervisor) or
 * an analyst's province (or the whole country). Rows are added and removed here and saved all at
 * once (PUT /api/users/:id/assignments); the server ends the user's sessions so the next sign-in
 * gets the new scope.
 */
import {
  type AdminUser,
  POST_ROLES,
  type Post,
  type PostAssignment,
  type PostRole,
  postName,
} from '@bh/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/alert.tsx';
import { Modal } from '../../components/ui/modal.tsx';
import { Options } from '../../components/ui/options.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { apiErrorKey } from './admin-action.tsx';
import { fetchAssignments, saveAssignments } from './users-api.ts';

/** A row being edited: a key of its own so removing one keeps the others' inputs. */
type Row = PostAssignment & { key: number };

let nextKey = 0;
const toRow = (a: PostAssignment): Row => ({ ...a, key: nextKey++ });

/** The row after its role changed: a post for officers and supervisors, an area for analysts. */
function withRole(row: Row, role: PostRole, posts: readonly Post[]): Row {
  if (role === 'analyst') {
    const post = posts.find((p) => p.id === row.postId);
    return { ...row, role, postId: null, province: row.province ?? post?.province ?? null };
  }
  return { ...row, role, province: null };
}

const SELECT = 'select w-full min-h-11';

export function AssignmentsDialog({
  user,
  posts,
  onClose,
  onSaved,
}: {
  user: AdminUser;
  /** Every post (closed ones too: an assignment there may still be shown and removed). */
  posts: readonly Post[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [rows, setRows] = useState<Row[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const provinces = [...new Set(posts.map((p) => p.province))].sort();

  useEffect(() => {
    let live = true;
    fetchAssignments(user.id).then(
      (list) => live && setRows(list.map(toRow)),
      (err: unknown) => {
        if (!live) return;
        setRows([]);
        setError(apiErrorKey(err));
      },
    );
    return () => {
      live = false;
    };
  }, [user.id]);

  const change = (key: number, next: (row: Row) => Row) =>
    setRows((list) => list?.map((r) => (r.key === key ? next(r) : r)) ?? null);

  const save = async () => {
    if (!rows) return;
    if (rows.some((r) => r.role !== 'analyst' && !r.postId))
      return setError('posts.assignments.postRequired');
    setBusy(true);
    setError(null);
    try {
      await saveAssignments(
        user.id,
        rows.map(({ role, postId, province }) => ({ role, postId, province })),
      );
      onSaved();
    } catch (err) {
      setError(apiErrorKey(err));
    } finally {
      setBusy(false);
    }
  };

  const postLabel = (p: Post) =>
    `${p.code} · ${postName(p, i18n.language)}${p.closedAt ? ` (${t('posts.status.closed')})` : ''}`;

  const row = (r: Row, index: number) => {
    const id = `assignment-${r.key}`;
    return (
      <li key={r.key} className="rounded-box border border-base-300 p-3" data-testid="assignment-row">
        <div className="grid grid-cols-1 sm:grid-cols-[10rem_1fr] gap-x-3 gap-y-1">
          <div className="fieldset py-0">
            <label htmlFor={`${id}-role`} className="fieldset-legend pb-1">
              {t('posts.assignments.role')}
            </label>
            <select
              id={`${id}-role`}
              className={SELECT}
              value={r.role}
              onChange={(e) => {
                const role = POST_ROLES.find((x) => x === e.target.value);
                if (role) change(r.key, (x) => withRole(x, role, posts));
              }}
            >
              <Options values={POST_ROLES} label={(x) => t(`posts.assignments.roles.${x}`)} />
            </select>
          </div>
          {r.role === 'analyst' ? (
            <div className="fieldset py-0">
              <label htmlFor={`${id}-area`} className="fieldset-legend pb-1">
                {t('posts.assignments.province')}
              </label>
              <select
                id={`${id}-area`}
                className={SELECT}
                value={r.province ?? ''}
                onChange={(e) => change(r.key, (x) => ({ ...x, province: e.target.value || null }))}
              >
                <option value="">{t('posts.assignments.nation')}</option>
                {[...new Set([...provinces, ...(r.province ? [r.province] : [])])].map((p) => (
                  <option key={p} value={p}>
                    {p}
                  </option>
                ))}
              </select>
            </div>
          ) : (
            <div className="fieldset py-0">
              <label htmlFor={`${id}-post`} className="fieldset-legend pb-1">
                {t('posts.assignments.post')}
              </label>
              <select
                id={`${id}-post`}
                className={SELECT}
                value={r.postId ?? ''}
                aria-invalid={error === 'posts.assignments.postRequired' && !r.postId}
                onChange={(e) => change(r.key, (x) => ({ ...x, postId: e.target.value || null }))}
              >
                <option value="">{t('posts.assignments.choosePost')}</option>
                {posts
                  .filter((p) => p.closedAt === null || p.id === r.postId)
                  .map((p) => (
                    <option key={p.id} value={p.id}>
                      {postLabel(p)}
                    </option>
                  ))}
              </select>
            </div>
          )}
        </div>
        <div className="flex justify-end mt-2">
          <button
            type="button"
            className="btn btn-ghost btn-sm min-h-11 text-error"
            aria-label={t('posts.assignments.removeOf', { number: index + 1 })}
            onClick={() => setRows((list) => list?.filter((x) => x.key !== r.key) ?? null)}
          >
            {t('posts.assignments.remove')}
          </button>
        </div>
      </li>
    );
  };

  return (
    <Modal
      open
      onClose={onClose}
      title={t('posts.assignments.title', { name: user.name })}
      closeLabel={t('posts.assignments.cancel')}
      boxClassName="w-11/12 max-w-2xl"
      testId="assignments-dialog"
      actions={
        <>
          <button type="button" className="btn min-h-11" onClick={onClose} disabled={busy}>
            {t('posts.assignments.cancel')}
          </button>
          <button
            type="button"
            className="btn btn-primary min-h-11"
            onClick={() => void save()}
            disabled={busy || rows === null}
            data-testid="assignments-save"
          >
            {busy && <Spinner size="xs" />}
            {t('posts.assignments.save')}
          </button>
        </>
      }
    >
      <p className="text-sm opacity-80 mb-3">{t('posts.assignments.intro')}</p>
      {error && (
        <Alert tone="error" data-testid="assignments-error">
          {t(error)}
        </Alert>
      )}
      {rows === null ? (
        <Spinner label={t('posts.assignments.loading')} />
      ) : (
        <>
          {rows.length === 0 && <p className="opacity-80 mb-2">{t('posts.assignments.none')}</p>}
          <ul className="flex flex-col gap-2">{rows.map(row)}</ul>
          <button
            type="button"
            className="btn btn-outline btn-sm min-h-11 mt-3"
            onClick={() =>
              setRows((list) => [...(list ?? []), toRow({ role: 'officer', postId: null, province: null })])
            }
            data-testid="assignment-add"
          >
            {t('posts.assignments.add')}
          </button>
        </>
      )}
    </Modal>
  );
}
