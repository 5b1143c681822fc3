/**
 * The privacy notice of the public pre-arrival form (docs/decisions/017-retention-and-rights.md):
 * the retention period and contact come from GET /api/privacy/notice; the last answer is kept in
 * localStorage so that the form, which works offline once loaded, still shows them.
 */
import { PRIVACY_NOTICE_WORDING, type PrivacyNotice, privacyNoticeSchema } from '@bh/shared';
import { useEffect, useState } from 'react';

const KEY = 'bh-privacy-notice';

function remembered(): PrivacyNotice | null {
  try {
    const parsed = privacyNoticeSchema.safeParse(JSON.parse(localStorage.getItem(KEY) ?? 'null'));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The notice's settings, once known (the remembered ones first, then the server's). */
export function usePrivacyNotice(): PrivacyNotice | null {
  const [notice, setNotice] = useState<PrivacyNotice | null>(remembered);
  useEffect(() => {
    let live = true;
    fetch('/api/privacy/notice')
      .then(async (res) => {
        const parsed = privacyNoticeSchema.safeParse(res.ok ? await res.json() : null);
        if (!parsed.success || !live) return;
        localStorage.setItem(KEY, JSON.stringify(parsed.data));
        setNotice(parsed.data);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return notice;
}

/**
 * The version a consent records: the server's when known; else the wording's with settings
 * version 0 (a notice shown without the server's period and contact).
 */
export const consentVersion = (notice: PrivacyNotice | null) =>
  notice?.noticeVersion ?? `${PRIVACY_NOTICE_WORDING}.0`;
