/**
 * /admin/users: list users, create one, change a role, say where they work (posts and roles
 * there), disable and re-enable. The server ends a user's sessions when they are disabled or
 * their role or posts change.
 */
import { type AdminUser, ROLES, type Role } from '@bh/shared';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { DataTable } from '../../components/ui/data-table.tsx';
import { Options } from '../../components/ui/options.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useSession } from '../../lib/session.ts';
import { useWorkPlace } from '../../lib/work-scope.ts';
import { PersonCard, useAdminAction } from './admin-action.tsx';
import { AssignmentsDialog } from './assignments-dialog.tsx';
import { UserCreateForm } from './user-create-form.tsx';
import { fetchUsers, updateUser } from './users-api.ts';

export default function UsersPage() {
  const { t } = useTranslation();
  const me = useSession()?.user.id;
  const [users, setUsers] = useState<AdminUser[] | null>(null);
  const [creating, setCreating] = useState(false);
  const [assigning, setAssigning] = useState<AdminUser | null>(null);
  const { posts } = useWorkPlace();
  const { busyId, message, setMessage, fail, run } = useAdminAction();

  // biome-ignore lint/correctness/useExhaustiveDependencies: reloads when the language changes, as before; `fail` only sets a message
  const load = useCallback(async () => {
    try {
      setUsers(await fetchUsers());
    } catch (err) {
      setUsers([]);
      fail(err);
    }
  }, [t]);
  useEffect(() => {
    void load();
  }, [load]);

  const change = (user: AdminUser, changes: { role?: Role; disabled?: boolean }, done: string) =>
    run(user.id, async () => {
      const updated = await updateUser(user.id, changes);
      setUsers((list) => list?.map((u) => (u.id === updated.id ? updated : u)) ?? null);
      return t(done, { name: updated.name });
    });

  const roleSelect = (u: AdminUser) => (
    <select
      className="select select-sm w-full max-w-40"
      aria-label={t('users.fields.roleOf', { name: u.name })}
      value={u.role}
      disabled={u.id === me || busyId === u.id}
      onChange={(e) => {
        const role = ROLES.find((r) => r === e.target.value);
        if (role) void change(u, { role }, 'users.messages.roleChanged');
      }}
    >
      <Options values={ROLES} label={(r) => t(`auth.roles.${r}`)} />
    </select>
  );
  const postsButton = (u: AdminUser) => (
    <button
      type="button"
      className="btn btn-sm btn-outline min-h-11 md:min-h-8"
      onClick={() => {
        setMessage(null);
        setAssigning(u);
      }}
      aria-label={t('posts.assignments.openOf', { name: u.name })}
      data-testid="user-posts"
    >
      {t('posts.assignments.open')}
    </button>
  );
  const status = (u: AdminUser) => (
    <span className={`badge badge-sm ${u.disabled ? 'badge-error' : 'badge-success'}`}>
      {t(u.disabled ? 'users.status.disabled' : 'users.status.active')}
    </span>
  );
  const toggle = (u: AdminUser) =>
    u.id === me ? null : (
      <button
        type="button"
        className={`btn btn-sm ${u.disabled ? 'btn-success btn-outline' : 'btn-error btn-outline'}`}
        disabled={busyId === u.id}
        onClick={() =>
          void change(
            u,
            { disabled: !u.disabled },
            u.disabled ? 'users.messages.enabled' : 'users.messages.disabled',
          )
        }
        aria-label={t(u.disabled ? 'users.actions.enableUser' : 'users.actions.disableUser', {
          name: u.name,
        })}
      >
        {t(u.disabled ? 'users.actions.enable' : 'users.actions.disable')}
      </button>
    );

  return (
    <div className="space-y-4 max-w-6xl">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-bold">{t('users.title')}</h1>
        <div className="flex flex-wrap gap-2">
          <Link to="/admin/account-requests" className="btn btn-ghost btn-sm">
            {t('users.requests.link')}
          </Link>
          {!creating && (
            <button type="button" className="btn btn-primary btn-sm" onClick={() => setCreating(true)}>
              {t('users.create.open')}
            </button>
          )}
        </div>
      </div>
      {message && <Alert tone={message.kind}>{message.text}</Alert>}
      {creating && (
        <UserCreateForm
          onCancel={() => setCreating(false)}
          onCreated={(u) => {
            setUsers((list) => [...(list ?? []), u]);
            setCreating(false);
            setMessage({ kind: 'success', text: t('users.messages.created', { name: u.name }) });
          }}
        />
      )}
      {users === null ? (
        <Spinner label={t('users.loading')} />
      ) : (
        <>
          <ul className="space-y-2 md:hidden" data-testid="users-cards">
            {users.map((u) => (
              <PersonCard key={u.id} testId="user-row" name={u.name} email={u.email} badge={status(u)}>
                <div className="flex items-center justify-between gap-2">
                  {roleSelect(u)}
                  {postsButton(u)}
                  {toggle(u)}
                </div>
              </PersonCard>
            ))}
          </ul>
          <div className="hidden md:block overflow-x-auto rounded-box bg-base-100 shadow-sm">
            <DataTable
              testId="users-table"
              columns={[
                t('users.fields.name'),
                t('users.fields.email'),
                t('users.fields.role'),
                t('users.fields.status'),
                <span key="actions" className="sr-only">
                  {t('users.fields.actions')}
                </span>,
              ]}
            >
              {users.map((u) => (
                <tr key={u.id} data-testid="user-row" data-email={u.email}>
                  <td className="font-medium">{u.name}</td>
                  <td className="break-all">{u.email}</td>
                  <td>{roleSelect(u)}</td>
                  <td>{status(u)}</td>
                  <td className="text-right">
                    <div className="flex justify-end gap-2">
                      {postsButton(u)}
                      {toggle(u)}
                    </div>
                  </td>
                </tr>
              ))}
            </DataTable>
          </div>
        </>
      )}
      {assigning && (
        <AssignmentsDialog
          user={assigning}
          posts={posts}
          onClose={() => setAssigning(null)}
          onSaved={() => {
            setMessage({ kind: 'success', text: t('posts.assignments.saved', { name: assigning.name }) });
            setAssigning(null);
          }}
        />
      )}
    </div>
  );
}
