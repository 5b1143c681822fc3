/**
 * What the system info cards show: app version and build date, the browser's name and version,
 * the device type and OS (read from the user agent; client hints where the browser has them),
 * and which offline features the browser supports.
 */
import { APP_VERSION } from '@bh/shared';
import { formatDate } from '../../i18n/format.ts';
import { BUILD_DATE } from '../../lib/build.ts';

export interface AppInfo {
  version: string;
  buildDate: string;
  browser: { name: string; version: string };
  device: 'mobile' | 'tablet' | 'desktop';
  os: string;
}

export function parseBrowser(ua: string): { name: string; version: string } {
  const rules: [string, RegExp][] = [
    ['Edge', /Edg(?:e|A|iOS)?\/([\d.]+)/],
    ['Opera', /(?:OPR|Opera)\/([\d.]+)/],
    ['Samsung Internet', /SamsungBrowser\/([\d.]+)/],
    ['Firefox', /(?:Firefox|FxiOS)\/([\d.]+)/],
    ['Chrome', /(?:Chrome|CriOS)\/([\d.]+)/],
    ['Safari', /Version\/([\d.]+).*Safari/],
  ];
  for (const [name, re] of rules) {
    const m = re.exec(ua);
    if (m?.[1]) return { name, version: m[1] };
  }
  return { name: 'unknown', version: '' };
}

export function parseOs(ua: string): string {
  const win = /Windows NT ([\d.]+)/.exec(ua);
  if (win) return `Windows ${win[1] === '10.0' ? '10/11' : win[1]}`;
  const android = /Android ([\d.]+)/.exec(ua);
  if (android) return `Android ${android[1]}`;
  const ios = /(?:iPhone|iPad|iPod).*? OS ([\d_]+)/.exec(ua);
  if (ios?.[1]) return `iOS ${ios[1].replaceAll('_', '.')}`;
  const mac = /Mac OS X ([\d_]+)/.exec(ua);
  if (mac?.[1]) return `macOS ${mac[1].replaceAll('_', '.')}`;
  if (/CrOS/.test(ua)) return 'ChromeOS';
  if (/Linux/.test(ua)) return 'Linux';
  return 'unknown';
}

export function parseDevice(ua: string, touchPoints = 0): AppInfo['device'] {
  if (/iPad|Tablet/.test(ua) || (/Android/.test(ua) && !/Mobile/.test(ua))) return 'tablet';
  // iPadOS reports itself as a Mac with touch.
  if (/Macintosh/.test(ua) && touchPoints > 1) return 'tablet';
  if (/Mobi|iPhone|iPod|Android/.test(ua)) return 'mobile';
  return 'desktop';
}

export function readAppInfo(): AppInfo {
  const ua = navigator.userAgent;
  return {
    version: APP_VERSION,
    buildDate: formatDate(BUILD_DATE),
    browser: parseBrowser(ua),
    device: parseDevice(ua, navigator.maxTouchPoints ?? 0),
    os: parseOs(ua),
  };
}

export interface FeatureSupport {
  serviceWorker: boolean;
  indexedDB: boolean;
  notifications: boolean;
  backgroundSync: boolean;
}

export function readFeatureSupport(): FeatureSupport {
  return {
    serviceWorker: 'serviceWorker' in navigator,
    indexedDB: typeof indexedDB !== 'undefined',
    notifications: typeof Notification !== 'undefined',
    backgroundSync:
      typeof ServiceWorkerRegistration !== 'undefined' && 'sync' in ServiceWorkerRegistration.prototype,
  };
}

/** "12.3 MB" style sizes for the storage estimate. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let i = 0;
  while (value >= 1024 && i < units.length - 1) {
    value /= 1024;
    i++;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[i]}`;
}
