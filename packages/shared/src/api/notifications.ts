/** /api/notifications: the current user's notifications. */
import { z } from 'zod';
import { keyed, plainShape } from '../schemas/common.ts';
import { notificationSchema } from '../schemas/notification.ts';

/** A notification as listed: title and message are i18n keys (or plain text) with their params. */
export const notificationViewSchema = notificationSchema.extend({
  params: z.record(z.string(keyed()), z.union([z.string(keyed()), z.number(keyed())], keyed()), keyed()),
});
export type NotificationView = z.infer<typeof notificationViewSchema>;

const count = () => z.number(keyed()).int('validation.integer').min(0, 'validation.min_value');

export const notificationListSchema = plainShape({
  items: z.array(notificationViewSchema, keyed()),
  unreadCount: count(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

/** Answer of PUT /api/notifications/read-all. */
export const notificationsUpdatedSchema = plainShape({ updated: count() });
/** Answer of DELETE /api/notifications. */
export const notificationsDeletedSchema = plainShape({ deleted: count() });
/** Answer of PUT /api/notifications/:id/read. */
export const notificationReadSchema = plainShape({ ok: z.literal(true, keyed()) });
