/**
 * /admin/privacy: the retention period and the contact of the privacy notice (admins; issue 33
 * points 6 and 7, docs/decisions/017-retention-and-rights.md).
 */
import type { PrivacySettings } from '@bh/shared';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/alert.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { fetchPrivacySettings } from './privacy-api.ts';
import { PrivacySettingsForm } from './privacy-settings-form.tsx';

export default function PrivacySettingsPage() {
  const { t } = useTranslation();
  const [settings, setSettings] = useState<PrivacySettings | null>(null);
  const [failed, setFailed] = useState(false);
  const load = useCallback(() => {
    fetchPrivacySettings()
      .then((s) => {
        setSettings(s);
        setFailed(false);
      })
      .catch(() => setFailed(true));
  }, []);
  useEffect(load, [load]);
  return (
    <div className="space-y-4 max-w-4xl" data-testid="privacy-settings-page">
      <PageHeader title={t('dataPrivacy.settings.title')} subtitle={t('dataPrivacy.settings.intro')} />
      <section className="card bg-base-100 border border-base-300 shadow-sm">
        <div className="card-body p-4 sm:p-6">
          {failed && <Alert tone="error">{t('dataPrivacy.settings.loadFailed')}</Alert>}
          {!settings && !failed && <Spinner label={t('app.loading')} />}
          {settings && <PrivacySettingsForm settings={settings} onSaved={setSettings} onConflict={load} />}
        </div>
      </section>
    </div>
  );
}
