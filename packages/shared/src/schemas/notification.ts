/**
 * In-app notifications: listed newest first, unread when added.
 */
import { z } from 'zod';
import { flag, isoDateTime, keyed, oneOf, plainShape } from './common.ts';

export const NOTIFICATION_TYPES = ['warning', 'info'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];
export const NOTIFICATION_PRIORITIES = ['high', 'medium', 'low'] as const;
export type NotificationPriority = (typeof NOTIFICATION_PRIORITIES)[number];

export const notificationSchema = plainShape({
  /** Time-based id made where the notification was created. */
  id: z.string(keyed()).min(1, 'validation.required').max(64, 'validation.max_length'),
  type: oneOf(NOTIFICATION_TYPES),
  title: z.string(keyed()).min(1, 'validation.required').max(200, 'validation.max_length'),
  message: z.string(keyed()).max(2000, 'validation.max_length'),
  priority: oneOf(NOTIFICATION_PRIORITIES),
  timestamp: isoDateTime(),
  read: flag(),
});
export type Notification = z.infer<typeof notificationSchema>;
