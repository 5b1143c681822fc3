import type { NotificationList } from '@bh/shared';
import { api } from '../../lib/api.ts';

export const notificationsApi = {
  list: () => api.get<NotificationList>('/api/notifications'),
  markRead: (id: string) => api.put<unknown>(`/api/notifications/${id}/read`),
  markAllRead: () => api.put<unknown>('/api/notifications/read-all'),
  remove: (id: string) => api.delete<unknown>(`/api/notifications/${id}`),
  clearAll: () => api.delete<unknown>('/api/notifications'),
};
