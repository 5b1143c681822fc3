/**
 * The offline-app settings: toggles, retention and cache size (number inputs with a range, no
 * sliders), cleanup frequency, clear cache, reset to defaults and save. Saving with
 * background sync on registers the Background Sync and shows a local notification.
 */
import {
  CACHE_CLEANUP_FREQUENCIES,
  DATA_RETENTION_DAYS_RANGE,
  MAX_CACHE_SIZE_RANGE,
  type PwaSettings,
} from '@bh/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ActionButton } from '../../components/ui/action-button.tsx';
import { AlertLine } from '../../components/ui/alert.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Options } from '../../components/ui/options.tsx';
import { showLocalNotification } from './local-notification.ts';
import { applyPwaSettings } from './settings-effects.ts';
import { defaultPwaSettings, loadPwaSettings, savePwaSettings } from './settings-store.ts';

type Flag = 'autoSync' | 'cacheImages' | 'backgroundSync' | 'autoCleanup';
type Message = { tone: 'success' | 'error'; text: string } | null;

/** Deletes every Cache Storage cache: "clear cache" means all of the browser's caches. */
export async function clearBrowserCaches(): Promise<number> {
  if (typeof caches === 'undefined') return 0;
  const keys = await caches.keys();
  await Promise.all(keys.map((k) => caches.delete(k)));
  return keys.length;
}

export function SettingsForm() {
  const { t } = useTranslation();
  // No resolver: the number inputs may hold anything while typing, and what is stored is merged
  // field by field over the defaults through the shared pwaSettingsSchema when it is read back.
  const { register, handleSubmit, reset } = useForm<PwaSettings>({ defaultValues: loadPwaSettings() });
  const [message, setMessage] = useState<Message>(null);
  const [busy, setBusy] = useState(false);

  const save = handleSubmit(async (settings) => {
    setBusy(true);
    if (!savePwaSettings(settings)) {
      setMessage({ tone: 'error', text: t('pwa.settings.saveFailed') });
      setBusy(false);
      return;
    }
    await applyPwaSettings(settings);
    await showLocalNotification(t('pwa.settings.notificationTitle'), t('pwa.settings.saved'));
    reset(loadPwaSettings());
    setMessage({ tone: 'success', text: t('pwa.settings.saved') });
    setBusy(false);
  });

  const clearCache = async () => {
    setBusy(true);
    try {
      const count = await clearBrowserCaches();
      await showLocalNotification(
        t('pwa.settings.notificationTitle'),
        t('pwa.settings.cacheCleared', { count }),
      );
      setMessage({ tone: 'success', text: t('pwa.settings.cacheCleared', { count }) });
    } catch (err) {
      setMessage({ tone: 'error', text: `${t('pwa.settings.cacheClearFailed')} ${String(err)}` });
    } finally {
      setBusy(false);
    }
  };

  const resetToDefaults = () => {
    reset(defaultPwaSettings());
    setMessage({ tone: 'success', text: t('pwa.settings.resetDone') });
  };

  const toggle = (key: Flag) => (
    <label key={key} className="flex items-center justify-between gap-3 py-2 cursor-pointer">
      <span>
        <span className="block">{t(`pwa.settings.${key}`)}</span>
        <span className="block text-xs opacity-70">{t(`pwa.settings.${key}Hint`)}</span>
      </span>
      <input
        type="checkbox"
        className="toggle toggle-primary"
        {...register(key)}
        data-testid={`setting-${key}`}
      />
    </label>
  );

  const number = (key: 'dataRetentionDays' | 'maxCacheSize', range: { min: number; max: number }) => (
    <Field label={t(`pwa.settings.${key}`)}>
      {(p) => (
        <input
          {...p}
          type="number"
          className="input w-full"
          min={range.min}
          max={range.max}
          {...register(key, { valueAsNumber: true })}
        />
      )}
    </Field>
  );

  return (
    <section className="card bg-base-100 shadow-sm" aria-labelledby="settings-title">
      <form className="card-body p-4 sm:p-6 gap-2" onSubmit={(e) => void save(e)}>
        <h2 id="settings-title" className="card-title">
          {t('pwa.settings.title')}
        </h2>
        <div className="divide-y divide-base-200">
          {toggle('autoSync')}
          {toggle('cacheImages')}
          {toggle('backgroundSync')}
        </div>
        <div className="grid gap-x-4 sm:grid-cols-2">
          {number('dataRetentionDays', DATA_RETENTION_DAYS_RANGE)}
          {number('maxCacheSize', MAX_CACHE_SIZE_RANGE)}
          <Field label={t('pwa.settings.cacheCleanupFrequency')}>
            {(p) => (
              <select {...p} className="select w-full" {...register('cacheCleanupFrequency')}>
                <Options values={CACHE_CLEANUP_FREQUENCIES} label={(f) => t(`pwa.settings.frequency.${f}`)} />
              </select>
            )}
          </Field>
        </div>
        {toggle('autoCleanup')}
        <AlertLine tone={message?.tone} message={message?.text} />
        <div className="card-actions justify-end pt-2">
          <ActionButton
            className="btn btn-sm sm:btn-md btn-ghost"
            disabled={busy}
            onClick={() => void clearCache()}
          >
            {t('pwa.settings.clearCache')}
          </ActionButton>
          <ActionButton
            className="btn btn-sm sm:btn-md btn-outline"
            disabled={busy}
            onClick={resetToDefaults}
          >
            {t('pwa.settings.reset')}
          </ActionButton>
          <button
            type="submit"
            className="btn btn-sm sm:btn-md btn-primary"
            disabled={busy}
            data-testid="settings-save"
          >
            {t('pwa.settings.save')}
          </button>
        </div>
      </form>
    </section>
  );
}
