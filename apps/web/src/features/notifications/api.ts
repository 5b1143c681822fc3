import { api } from '../../lib/api.ts';

export interface AppNotification {
  id: string;
  type: 'warning' | 'info' | string;
  /** An i18n key (translated on display) or plain text. */
  title: string;
  message: string;
  params: Record<string, string | number>;
  priority: 'high' | 'medium' | 'low' | string;
  timestamp: string;
  read: boolean;
}

export interface NotificationList {
  items: AppNotification[];
  unreadCount: number;
}

export const notificationsApi = {
  list: () => api.get<NotificationList>('/api/notifications'),
  markRead: (id: string) => api.put<unknown>(`/api/notifications/${id}/read`),
  markAllRead: () => api.put<unknown>('/api/notifications/read-all'),
  remove: (id: string) => api.delete<unknown>(`/api/notifications/${id}`),
  clearAll: () => api.delete<unknown>('/api/notifications'),
};
