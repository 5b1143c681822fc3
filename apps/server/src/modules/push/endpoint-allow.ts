/**
 * Which push endpoints the server will POST to. A subscription's endpoint is a URL the client
 * chooses, so without a list the server could be made to call any address (SSRF: internal
 * services, cloud metadata at 169.254.169.254, localhost). Only https on the default port of
 * the browsers' own push services is accepted, plus the exact origins of PUSH_ENDPOINT_ALLOW.
 */

/** Push services of Chrome/Android (FCM), Firefox (Mozilla autopush), Safari (Apple), Edge (WNS). */
const KNOWN_HOSTS = ['fcm.googleapis.com', 'updates.push.services.mozilla.com', 'web.push.apple.com'];
const KNOWN_HOST_SUFFIXES = ['.push.apple.com', '.notify.windows.com'];

export type EndpointAllow = (endpoint: string) => boolean;

/** Parses PUSH_ENDPOINT_ALLOW ('https://a.example:8443,https://b.example') into origins. */
export function parseAllowedOrigins(list: string | undefined): string[] {
  if (!list) return [];
  return list
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry.length > 0)
    .map((entry) => {
      const url = new URL(entry);
      if (url.protocol !== 'https:') throw new Error(`PUSH_ENDPOINT_ALLOW: ${entry} is not https`);
      return url.origin;
    });
}

export function endpointAllow(extraOrigins: readonly string[]): EndpointAllow {
  return (endpoint) => {
    let url: URL;
    try {
      url = new URL(endpoint);
    } catch {
      return false;
    }
    if (url.protocol !== 'https:' || url.username !== '' || url.password !== '') return false;
    if (extraOrigins.includes(url.origin)) return true;
    if (url.port !== '') return false;
    const host = url.hostname.toLowerCase();
    return KNOWN_HOSTS.includes(host) || KNOWN_HOST_SUFFIXES.some((suffix) => host.endsWith(suffix));
  };
}
