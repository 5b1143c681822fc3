/**
 * The traveller's health declaration inside the details modal, from the health-declaration
 * feature's `DeclarationSummary`. Loaded lazily through import.meta.glob so this screen builds
 * (and shows nothing there) even before that component exists.
 */
import { type ComponentType, lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/ui/spinner.tsx';

type Part = 'risk' | 'answers';
type SummaryModule = { DeclarationSummary: ComponentType<{ travelerId: string; part: Part }> };
const loaders = import.meta.glob<SummaryModule>('../health-declaration/declaration-summary.tsx');
const load = Object.values(loaders)[0];
const LazySummary = load ? lazy(async () => ({ default: (await load()).DeclarationSummary })) : null;

/** One part of the declaration under its one heading: the risk (near the top) or the answers. */
export function DeclarationSlot({ travelerId, part }: { travelerId: string; part: Part }) {
  const { t } = useTranslation();
  if (!LazySummary) return null;
  const title = t(part === 'risk' ? 'travelers.details.risk' : 'travelers.details.declaration');
  const id = `details-${part}-title`;
  return (
    <section className="mt-3" aria-labelledby={id} data-testid={`details-${part}`}>
      <h3 id={id} className="font-semibold mb-2">
        {title}
      </h3>
      <Suspense fallback={<Spinner label={t('app.loading')} />}>
        <LazySummary travelerId={travelerId} part={part} />
      </Suspense>
    </section>
  );
}
