/** Admin control that sets the system mode directly (any mode to any mode). */
import { isSystemMode, SYSTEM_MODES } from '@bh/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api.ts';
import { changeSystemMode, refreshSystemStatus } from './use-system-status.ts';

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

  const onChange = async (next: string) => {
    if (!isSystemMode(next) || next === mode) return;
    setBusy(true);
    setError(null);
    try {
      await changeSystemMode(next, version);
    } catch (err) {
      const code = err instanceof ApiError ? err.code : 'unknown_error';
      setError(t(`errors.${code}`, { defaultValue: t('errors.unknown_error') }));
      // A conflict means someone else changed it: show the current mode.
      await refreshSystemStatus();
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="w-full">
      <label htmlFor={id} className="text-xs font-medium opacity-80">
        {t('status.changeMode')}
      </label>
      <select
        id={id}
        className="select select-sm w-full mt-1"
        value={mode}
        disabled={disabled || busy}
        data-testid="mode-select"
        onChange={(e) => void onChange(e.target.value)}
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
    </div>
  );
}
