/**
 * Admin control that sets the system mode (any mode to any mode). Picking a mode first asks for
 * confirmation, saying what the change does: which traveller fields become required or optional
 * and that every user is notified.
 */
import { flightInfoRequired, isSystemMode, SYSTEM_MODES, type SystemMode } from '@bh/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { modeLook } from '../../components/status/mode-look.ts';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { ApiError } from '../../lib/api.ts';
import { changeSystemStatus, refreshSystemStatus } from './use-system-status.ts';

export function ModeSelect({
  mode,
  version,
  disabled,
}: {
  mode: string;
  version: number;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [asked, setAsked] = useState<SystemMode | null>(null);

  const apply = async (next: SystemMode) => {
    setBusy(true);
    setError(null);
    try {
      await changeSystemStatus({ mode: next, version });
    } catch (err) {
      const code = err instanceof ApiError ? err.code : 'unknown_error';
      setError(t(`errors.${code}`, { defaultValue: t('errors.unknown_error') }));
      // A conflict means someone else changed it: show the current mode.
      await refreshSystemStatus();
    } finally {
      setBusy(false);
      setAsked(null);
    }
  };

  const onChange = (next: string) => {
    if (!isSystemMode(next) || next === mode) return;
    setAsked(next);
  };

  const look = asked ? modeLook(asked) : null;
  return (
    <div className="w-full">
      <label htmlFor={id} className="text-xs font-medium opacity-80">
        {t('status.changeMode')}
      </label>
      <select
        id={id}
        className="select select-sm w-full mt-1 min-h-11"
        value={mode}
        disabled={disabled || busy}
        data-testid="mode-select"
        onChange={(e) => onChange(e.target.value)}
      >
        {SYSTEM_MODES.map((m) => (
          <option key={m} value={m}>
            {t(`status.modes.${m}`)}
          </option>
        ))}
      </select>
      {error && (
        <p className="text-error text-xs mt-1" role="alert">
          {error}
        </p>
      )}
      <ConfirmDialog
        open={asked !== null}
        title={asked ? t('statusline.confirm.title', { mode: t(`status.modes.${asked}`) }) : ''}
        confirmLabel={t('statusline.confirm.confirm')}
        cancelLabel={t('statusline.confirm.cancel')}
        destructive={false}
        busy={busy}
        confirmTestId="mode-confirm"
        onCancel={() => setAsked(null)}
        onConfirm={() => asked && void apply(asked)}
      >
        {asked && look && (
          <div className="flex flex-col gap-2 text-sm" data-testid="mode-confirm-body">
            <p className={`flex items-center gap-2 font-semibold ${look.textClass}`}>
              <look.Icon aria-hidden="true" className="size-5" />
              {t('statusline.confirm.from', {
                from: t(`status.modes.${mode}`, { defaultValue: mode }),
                to: t(`status.modes.${asked}`),
              })}
            </p>
            <ul className="list-disc ps-5">
              <li>
                {flightInfoRequired(asked)
                  ? t('statusline.confirm.flightRequired')
                  : t('statusline.confirm.flightOptional')}
              </li>
              <li>{t('statusline.confirm.notified')}</li>
              <li>{t('statusline.confirm.reach')}</li>
            </ul>
          </div>
        )}
      </ConfirmDialog>
    </div>
  );
}
