/**
 * This device's id and label, sent at every sign-in (docs/decisions/015-revoked-devices.md): a
 * random UUID kept in localStorage (a wipe forgets it, and the next sign-in is a new device), and
 * the browser and platform as a readable name.
 */
const KEY = 'device-id';

export function deviceSignIn(): { deviceId: string; deviceLabel: string } {
  let id = localStorage.getItem(KEY);
  if (!id || !/^[0-9a-f-]{36}$/i.test(id)) {
    id = crypto.randomUUID();
    localStorage.setItem(KEY, id);
  }
  return { deviceId: id, deviceLabel: deviceLabel(navigator.userAgent) };
}

function deviceLabel(agent: string): string {
  const browser = /Edg\//.test(agent)
    ? 'Edge'
    : /Firefox\//.test(agent)
      ? 'Firefox'
      : /Chrome\//.test(agent)
        ? 'Chrome'
        : /Safari\//.test(agent)
          ? 'Safari'
          : 'Browser';
  const platform = /Android/.test(agent)
    ? 'Android'
    : /iPhone|iPad/.test(agent)
      ? 'iOS'
      : /Windows/.test(agent)
        ? 'Windows'
        : /Mac OS X/.test(agent)
          ? 'macOS'
          : /Linux/.test(agent)
            ? 'Linux'
            : 'unknown';
  return `${browser} on ${platform}`;
}
