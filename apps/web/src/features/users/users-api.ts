/** Calls of the admin screens (users, account requests). */
import type {
  AccountRequestRecord,
  AdminUser,
  AssignmentsBody,
  PostAssignment,
  Role,
  UserCreate,
} from '@bh/shared';
import { api } from '../../lib/api.ts';

export const fetchUsers = async () => (await api.get<{ users: AdminUser[] }>('/api/users')).users;

export const createUser = async (body: UserCreate) =>
  (await api.post<{ user: AdminUser }>('/api/users', body)).user;

export const updateUser = async (id: string, changes: { role?: Role; disabled?: boolean }) =>
  (await api.put<{ user: AdminUser }>(`/api/users/${id}`, changes)).user;

export type AccountRequestView = AccountRequestRecord;

export const fetchAccountRequests = async (status?: 'pending') =>
  (
    await api.get<{ requests: AccountRequestView[] }>(
      `/api/account-requests${status ? `?status=${status}` : ''}`,
    )
  ).requests;

export const decideAccountRequest = async (id: string, decision: 'approve' | 'reject') =>
  api.post<{ request: AccountRequestView; user: AdminUser | null }>(`/api/account-requests/${id}/decision`, {
    decision,
  });

/** Where a user works and in which role (admins; api/posts.ts). */
export const fetchAssignments = async (userId: string) =>
  (await api.get<AssignmentsBody>(`/api/users/${userId}/assignments`)).assignments;

export const saveAssignments = async (userId: string, assignments: PostAssignment[]) =>
  (await api.put<AssignmentsBody>(`/api/users/${userId}/assignments`, { assignments })).assignments;
