/**
 * A traveller's declaration for the traveller details modal, in two parts shown apart: the risk
 * (level, score and the factors that counted; near the top) and the answers with links to open
 * its documents (further down). Reads the device's copy (live); when the device has none yet it
 * asks the server once. The details modal gives each part its heading. Showing the answers and
 * opening a document are reads, audited (db/read-outbox.ts).
 */
import {
  computeRiskScore,
  pickLocale,
  RISK_ZONE_OPTIONS,
  type RiskFactor,
  type RiskLevel,
  SYMPTOM_OPTIONS,
  VACCINATION_STATUS_OPTIONS,
} from '@bh/shared';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeVariant } from '../../components/ui/badge.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { getDeclaration, type LocalDeclaration } from '../../db/declarations-repo.ts';
import { getTraveler } from '../../db/travelers-repo.ts';
import { formatTemperature } from '../../i18n/format.ts';
import { api } from '../../lib/api.ts';
import { noteRead } from './note-read.ts';
import { openDocument } from './open-document.ts';

const LEVEL_VARIANT: Record<RiskLevel, BadgeVariant> = { low: 'success', medium: 'warning', high: 'error' };
type Loaded = { state: 'loading' } | { state: 'none' } | { state: 'found'; declaration: LocalDeclaration };

function useDeclaration(travelerId: string): Loaded {
  const local = useLiveQuery(
    async () => ({ d: await getDeclaration(travelerId), status: (await getTraveler(travelerId))?.status }),
    [travelerId],
  );
  const [remote, setRemote] = useState<LocalDeclaration | null | undefined>(undefined);
  // Only a traveller past "pending declaration" has one to fetch: asking for the others would
  // be a 404 in the console every time.
  const missingLocally = local !== undefined && local.d === null && local.status !== 'pending';
  useEffect(() => {
    if (!missingLocally) return;
    let live = true;
    api
      .get<LocalDeclaration>(`/api/health-declarations/traveler/${travelerId}`)
      .then((d) => live && setRemote({ ...d, syncStatus: 'synced', lastModified: Date.now() }))
      .catch(() => live && setRemote(null));
    return () => {
      live = false;
    };
  }, [missingLocally, travelerId]);
  if (local === undefined) return { state: 'loading' };
  if (local.d) return { state: 'found', declaration: local.d };
  if (local.status === 'pending') return { state: 'none' };
  if (remote === undefined) return { state: 'loading' };
  return remote ? { state: 'found', declaration: remote } : { state: 'none' };
}

function DocumentLink({ fileId, travelerId, label }: { fileId: string; travelerId: string; label: string }) {
  const { t } = useTranslation();
  const [error, setError] = useState(false);
  return (
    <span className="inline-flex flex-col">
      <button
        type="button"
        className="btn btn-outline"
        onClick={() => {
          setError(false);
          openDocument(fileId).then(
            () => noteRead({ travelerId, viewed: 'file', fileId }),
            () => setError(true),
          );
        }}
      >
        {label}
      </button>
      {error && (
        <span role="alert" className="text-error text-xs">
          {t('declaration.summary.openFailed')}
        </span>
      )}
    </span>
  );
}

export function DeclarationSummary({ travelerId, part }: { travelerId: string; part: 'risk' | 'answers' }) {
  const { t, i18n } = useTranslation();
  const loaded = useDeclaration(travelerId);
  // The answers shown are a read of the declaration (the risk part alone is not).
  const shown = part === 'answers' && loaded.state === 'found';
  useEffect(() => {
    if (shown) noteRead({ travelerId, viewed: 'declaration' });
  }, [shown, travelerId]);
  if (loaded.state === 'loading') {
    return <Spinner size="sm" label={t('declaration.loading')} />;
  }
  if (loaded.state === 'none') {
    return <EmptyState testId="declaration-summary-none">{t('declaration.summary.none')}</EmptyState>;
  }
  const d = loaded.declaration;
  // The server's assessment once synced; the device's own until then.
  const risk: { level: RiskLevel; score: number; factors: RiskFactor[] } = d.riskLevel
    ? { level: d.riskLevel, score: d.riskScore, factors: d.riskFactors }
    : computeRiskScore(d);
  const lang = i18n.language;
  const symptoms = SYMPTOM_OPTIONS.filter((o) => d.symptoms?.[o.value]).map((o) => pickLocale(o.label, lang));
  const zones = RISK_ZONE_OPTIONS.filter((o) => d.riskZones?.includes(o.value)).map((o) =>
    pickLocale(o.label, lang),
  );
  const vaccination = VACCINATION_STATUS_OPTIONS.find((o) => o.value === d.vaccinationStatus);
  const row = (label: string, value: string) => (
    <div className="flex flex-wrap justify-between gap-x-3 py-1 border-b border-base-200">
      <dt className="opacity-70">{label}</dt>
      <dd className="font-medium text-end">{value}</dd>
    </div>
  );
  if (part === 'risk') {
    return (
      <div className="space-y-2" data-testid="declaration-risk-part">
        <Badge variant={LEVEL_VARIANT[risk.level]} data-testid="declaration-risk" data-level={risk.level}>
          {t(`declaration.summary.level.${risk.level}`)} ·{' '}
          {t('declaration.summary.score', { score: risk.score })}
        </Badge>
        {d.syncStatus !== 'synced' && (
          <Badge variant="ghost" size="sm" className="ms-1">
            {t('declaration.summary.notSynced')}
          </Badge>
        )}
        <div>
          <p className="text-sm opacity-70">{t('declaration.summary.factors')}</p>
          {risk.factors.length === 0 ? (
            <p className="text-sm">{t('declaration.summary.noFactors')}</p>
          ) : (
            <ul className="flex flex-wrap gap-1 mt-1" data-testid="declaration-factors">
              {risk.factors.map((f) => (
                <li key={f.id} className="badge badge-outline whitespace-nowrap">
                  {t(`declaration.summary.factor.${f.id}`)} +{f.points}
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    );
  }
  return (
    <div className="space-y-3" data-testid="declaration-summary">
      <dl className="text-sm">
        {row(t('declaration.fields.bodyTemperature'), formatTemperature(d.bodyTemperature))}
        {row(
          t('declaration.fields.vaccinationStatus'),
          vaccination ? pickLocale(vaccination.label, lang) : '-',
        )}
        {row(t('declaration.sections.symptoms'), symptoms.join(', ') || t('declaration.summary.nothing'))}
        {row(t('declaration.summary.zones'), zones.join(', ') || t('declaration.summary.nothing'))}
        {row(t('declaration.fields.phone'), d.phone)}
      </dl>
      <div className="flex flex-wrap gap-2">
        {d.testFileId && (
          <DocumentLink
            fileId={d.testFileId}
            travelerId={travelerId}
            label={t('declaration.summary.openTestFile')}
          />
        )}
        {d.vaccinationCertFileId && (
          <DocumentLink
            fileId={d.vaccinationCertFileId}
            travelerId={travelerId}
            label={t('declaration.summary.openVaccinationCert')}
          />
        )}
        {!d.testFileId && !d.vaccinationCertFileId && (
          <EmptyState>{t('declaration.summary.noDocuments')}</EmptyState>
        )}
      </div>
    </div>
  );
}

export default DeclarationSummary;
