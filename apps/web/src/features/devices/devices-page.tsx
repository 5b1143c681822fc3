/**
 * /devices: the devices the officer signed in from (a supervisor also sees their post's, an
 * admin every device, as GET /api/devices answers), last seen first, this one marked. Revoking
 * one asks first: its sessions end at once and it wipes itself the next time it reaches the
 * server; changes it has not sent are lost (docs/decisions/015-revoked-devices.md).
 */
import type { Device } from '@bh/shared';
import { Smartphone } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/alert.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { formatDateTime } from '../../i18n/format.ts';
import { ApiError } from '../../lib/api.ts';
import { useSession } from '../../lib/session.ts';
import { fetchDevices, revokeDevice } from './devices-api.ts';

type Message = { tone: 'success' | 'error'; text: string } | null;

const failureKey = (err: unknown) =>
  err instanceof ApiError ? `errors.${err.isNetwork ? 'network_error' : err.code}` : 'errors.unknown_error';

function DeviceCard({
  device,
  showOwner,
  onRevoke,
}: {
  device: Device;
  showOwner: boolean;
  onRevoke: (device: Device) => void;
}) {
  const { t } = useTranslation();
  const revoked = device.revokedAt !== null;
  const row = (label: string, value: string, testId: string) => (
    <div className="flex flex-wrap justify-between gap-x-3">
      <dt className="opacity-70">{label}</dt>
      <dd className="tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
  return (
    <li
      className={`card bg-base-100 shadow-sm p-4 flex flex-col gap-3 ${revoked ? 'opacity-80' : ''}`}
      data-testid="device"
      data-device-id={device.id}
      data-current={device.current}
      data-revoked={revoked}
    >
      <div className="flex items-start gap-3">
        <Smartphone aria-hidden="true" className="size-6 shrink-0 mt-0.5" />
        <div className="min-w-0 flex-1">
          <h2 className="font-semibold break-words" data-testid="device-label">
            {device.label}
          </h2>
          {showOwner && (
            <p className="text-sm opacity-80 truncate" data-testid="device-owner">
              {device.userName}
            </p>
          )}
          <div className="flex flex-wrap gap-1 mt-1">
            {device.current && (
              <Badge variant="primary" size="sm" data-testid="device-this">
                {t('devices.thisDevice')}
              </Badge>
            )}
            {revoked ? (
              <Badge variant="error" size="sm" data-testid="device-revoked">
                {t('devices.revoked')}
              </Badge>
            ) : (
              <Badge variant="success" size="sm">
                {t('devices.active')}
              </Badge>
            )}
          </div>
        </div>
      </div>
      <dl className="text-sm flex flex-col gap-1">
        {row(t('devices.created'), formatDateTime(device.createdAt), 'device-created')}
        {row(t('devices.lastSeen'), formatDateTime(device.lastSeenAt), 'device-last-seen')}
        {device.revokedAt &&
          row(t('devices.revokedAt'), formatDateTime(device.revokedAt), 'device-revoked-at')}
      </dl>
      {!revoked && (
        <button
          type="button"
          className="btn btn-outline btn-error min-h-11 self-start"
          onClick={() => onRevoke(device)}
          data-testid="device-revoke"
          aria-label={t('devices.revokeNamed', { label: device.label })}
        >
          {t('devices.revoke')}
        </button>
      )}
    </li>
  );
}

export default function DevicesPage() {
  const { t } = useTranslation();
  const me = useSession()?.user.id;
  const [devices, setDevices] = useState<Device[] | null>(null);
  const [asking, setAsking] = useState<Device | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Message>(null);

  const load = useCallback(async () => {
    try {
      setDevices(await fetchDevices());
    } catch (err) {
      setDevices((list) => list ?? []);
      setMessage({ tone: 'error', text: t(failureKey(err)) });
    }
  }, [t]);
  useEffect(() => {
    void load();
  }, [load]);

  const confirm = async () => {
    if (!asking) return;
    setBusy(true);
    setMessage(null);
    try {
      const saved = await revokeDevice(asking.id);
      setDevices((list) => list?.map((d) => (d.id === saved.id ? saved : d)) ?? [saved]);
      setMessage({ tone: 'success', text: t('devices.revokedMessage', { label: saved.label }) });
      setAsking(null);
    } catch (err) {
      setMessage({ tone: 'error', text: t(failureKey(err)) });
      setAsking(null);
    } finally {
      setBusy(false);
    }
  };

  // Someone else's devices are listed too (a supervisor's post, an admin's all): name the owner.
  const showOwner = (devices ?? []).some((d) => d.userId !== me);

  return (
    <div className="flex flex-col gap-4 max-w-3xl mx-auto w-full" data-testid="devices">
      <PageHeader title={t('devices.title')} subtitle={t('devices.subtitle')} />
      {message && (
        <Alert tone={message.tone} data-testid="devices-message">
          {message.text}
        </Alert>
      )}
      {devices === null ? (
        <Spinner label={t('devices.loading')} />
      ) : devices.length === 0 ? (
        <EmptyState testId="devices-empty">{t('devices.empty')}</EmptyState>
      ) : (
        <ul className="grid gap-3 md:grid-cols-2" data-testid="device-list">
          {devices.map((d) => (
            <DeviceCard key={d.id} device={d} showOwner={showOwner} onRevoke={setAsking} />
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={asking !== null}
        title={t('devices.confirmTitle')}
        confirmLabel={t('devices.revoke')}
        cancelLabel={t('devices.cancel')}
        onConfirm={() => void confirm()}
        onCancel={() => !busy && setAsking(null)}
        busy={busy}
        confirmTestId="device-revoke-confirm"
      >
        {asking && (
          <div className="flex flex-col gap-2">
            <p>
              {t('devices.confirmBody', {
                label: asking.label,
                user: asking.userName,
                lastSeen: formatDateTime(asking.lastSeenAt),
              })}
            </p>
            <Alert tone="warning" announce="none" className="text-sm">
              {t('devices.confirmLoss')}
            </Alert>
            {asking.current && (
              <Alert tone="error" announce="none" className="text-sm" data-testid="device-revoke-self">
                {t('devices.confirmSelf')}
              </Alert>
            )}
          </div>
        )}
      </ConfirmDialog>
    </div>
  );
}
