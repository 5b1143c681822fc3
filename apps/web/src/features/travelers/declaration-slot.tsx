/**
 * The traveller's health declaration inside the details modal, from the health-declaration
 * feature's `DeclarationSummary`. Loaded lazily through import.meta.glob so this screen builds
 * (and shows nothing there) even before that component exists.
 */
import { type ComponentType, lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/ui/spinner.tsx';

type SummaryModule = { DeclarationSummary: ComponentType<{ travelerId: string }> };
const loaders = import.meta.glob<SummaryModule>('../health-declaration/declaration-summary.tsx');
const load = Object.values(loaders)[0];
const LazySummary = load ? lazy(async () => ({ default: (await load()).DeclarationSummary })) : null;

export function DeclarationSlot({ travelerId }: { travelerId: string }) {
  const { t } = useTranslation();
  if (!LazySummary) return null;
  return (
    <section className="mt-4" aria-label={t('travelers.details.declaration')}>
      <h3 className="font-semibold mb-2">{t('travelers.details.declaration')}</h3>
      <Suspense fallback={<Spinner label={t('app.loading')} />}>
        <LazySummary travelerId={travelerId} />
      </Suspense>
    </section>
  );
}
