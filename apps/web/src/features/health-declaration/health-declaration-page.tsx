/**
 * /health-declaration and /health-declaration/:travelerId: the spec's health declaration.
 * Saved on the device through the outbox (works offline); the risk is computed here for the
 * result message and again by the server. The form itself is declaration-form.tsx.
 */
import { pickLocale, SYSTEM_MODE_OPTIONS } from '@bh/shared';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { modeLook } from '../../components/status/mode-look.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { DeclarationForm } from './declaration-form.tsx';
import { useDeclarationLoader } from './use-declaration-loader.ts';

export default function HealthDeclarationPage() {
  const { t, i18n } = useTranslation();
  const params = useParams();
  const [search] = useSearchParams();
  const travelerId = params.travelerId ?? search.get('travelerId') ?? '';
  const { mode, initial, existing } = useDeclarationLoader({
    travelerId,
    fullName: search.get('fullName') ?? '',
    passportNumber: search.get('passportNo') ?? '',
  });

  if (!initial) {
    return <Spinner label={t('declaration.loading')} />;
  }

  const modeLabel = SYSTEM_MODE_OPTIONS.find((o) => o.value === mode);
  return (
    <div className="mx-auto w-full max-w-4xl space-y-4">
      <header className="flex flex-wrap items-center gap-2">
        <h1 className="text-2xl font-bold me-auto">{t('declaration.title')}</h1>
        {modeLabel && (
          <Badge variant={modeLook(mode).variant} data-testid="declaration-mode">
            {t('declaration.mode', { mode: pickLocale(modeLabel.label, i18n.language) })}
          </Badge>
        )}
      </header>
      {existing && (
        <Alert tone="info" announce="none" data-testid="declaration-existing">
          {t('declaration.existing')}
        </Alert>
      )}
      <DeclarationForm initial={initial} mode={mode} pickTraveler={!travelerId} />
    </div>
  );
}
