/**
 * Turns a push (the server's small JSON: type, titleKey, params, url) into the notification the
 * user sees, in their language: the texts come from the app's own push.json (and status.json for
 * mode names), bundled into the service worker so a push is readable with the app closed.
 */
import { type Locale, type PushMessage, pushMessageSchema } from '@bh/shared';
import enPush from '../i18n/locales/en/push.json';
import enStatus from '../i18n/locales/en/status.json';
import jaPush from '../i18n/locales/ja/push.json';
import jaStatus from '../i18n/locales/ja/status.json';
import viPush from '../i18n/locales/vi/push.json';
import viStatus from '../i18n/locales/vi/status.json';

type Texts = Record<string, { title: string; body: string } | undefined>;
type Modes = Record<string, string | undefined>;

const TEXTS: Record<Locale, { push: Texts; modes: Modes }> = {
  vi: { push: viPush, modes: viStatus.modes },
  en: { push: enPush, modes: enStatus.modes },
  ja: { push: jaPush, modes: jaStatus.modes },
};

export const NOTIFICATION_ICON = '/pwa-192x192.png';

export interface ShownNotification {
  title: string;
  body: string;
  /** Where a click leads (same-origin path). */
  url: string;
  tag: string;
}

function fill(template: string, params: PushMessage['params'], modes: Modes): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) return '';
    return key === 'mode' ? (modes[String(value)] ?? String(value)) : String(value);
  });
}

/** The notification for a push body; a body that is not our message still shows something. */
export function notificationFor(data: unknown, locale: Locale): ShownNotification {
  const { push, modes } = TEXTS[locale];
  const parsed = pushMessageSchema.safeParse(data);
  const message: PushMessage = parsed.success
    ? parsed.data
    : { type: 'notification', titleKey: 'notification', params: {}, url: '/' };
  const texts = push[message.titleKey] ?? push.notification ?? { title: '', body: '' };
  return {
    title: fill(texts.title, message.params, modes),
    body: fill(texts.body, message.params, modes),
    url: message.url,
    // One notification per kind: a newer mode change replaces the older one.
    tag: message.type,
  };
}
