/** System info cards (version, build date, browser, device and OS) and the feature support list. */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../components/ui/section-card.tsx';
import { readAppInfo, readFeatureSupport } from './app-info.ts';

const FEATURES = ['serviceWorker', 'indexedDB', 'notifications', 'backgroundSync'] as const;

export function SystemInfo() {
  const { t } = useTranslation();
  const info = useMemo(readAppInfo, []);
  const support = useMemo(readFeatureSupport, []);
  const unknown = (v: string) => (v === 'unknown' ? t('pwa.info.unknown') : v);
  const cards = [
    { key: 'version', value: info.version },
    { key: 'buildDate', value: info.buildDate },
    { key: 'browser', value: `${unknown(info.browser.name)} ${info.browser.version}`.trim() },
    { key: 'device', value: `${t(`pwa.info.devices.${info.device}`)} · ${unknown(info.os)}` },
  ];
  return (
    <SectionCard id="system-info-title" title={t('pwa.info.title')}>
      <dl className="grid grid-cols-1 min-[420px]:grid-cols-2 gap-2">
        {cards.map((c) => (
          <div key={c.key} className="rounded-box bg-base-200 p-3 min-w-0">
            <dt className="text-xs opacity-80">{t(`pwa.info.${c.key}`)}</dt>
            <dd className="font-semibold break-words" data-testid={`info-${c.key}`}>
              {c.value}
            </dd>
          </div>
        ))}
      </dl>
      <div>
        <h3 className="font-semibold mb-1">{t('pwa.features.title')}</h3>
        <ul className="divide-y divide-base-200">
          {FEATURES.map((f) => (
            <li key={f} className="flex items-center justify-between py-2" data-testid={`feature-${f}`}>
              <span>{t(`pwa.features.${f}`)}</span>
              {support[f] ? (
                <span className="text-success font-semibold flex items-center gap-1">
                  <span aria-hidden="true">✓</span>
                  {t('pwa.yes')}
                </span>
              ) : (
                <span className="text-error font-semibold flex items-center gap-1">
                  <span aria-hidden="true">✗</span>
                  {t('pwa.no')}
                </span>
              )}
            </li>
          ))}
        </ul>
      </div>
    </SectionCard>
  );
}
