/**
 * What the admin screens share: the translated key of a failed API call, one action at a time
 * per row with its busy id, the success or error message it leaves, and a person's card.
 */
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api.ts';

/** i18n key of a failed API call: the server's error code, or network/unknown. */
export const apiErrorKey = (err: unknown) =>
  err instanceof ApiError ? `errors.${err.isNetwork ? 'network_error' : err.code}` : 'errors.unknown_error';

type AdminMessage = { kind: 'success' | 'error'; text: string } | null;

export function useAdminAction() {
  const { t } = useTranslation();
  const [busyId, setBusyId] = useState<string | null>(null);
  const [message, setMessage] = useState<AdminMessage>(null);
  const fail = (err: unknown) => setMessage({ kind: 'error', text: t(apiErrorKey(err)) });
  /** Runs one row's action; it answers the success text to show. */
  const run = async (id: string, action: () => Promise<string>) => {
    setBusyId(id);
    setMessage(null);
    try {
      setMessage({ kind: 'success', text: await action() });
    } catch (err) {
      fail(err);
    } finally {
      setBusyId(null);
    }
  };
  return { busyId, message, setMessage, fail, run };
}

/** A person as a card of a list: name and e-mail with a status badge beside them, then the rest. */
export function PersonCard({
  testId,
  name,
  email,
  badge,
  children,
}: {
  testId: string;
  name: string;
  email: string;
  badge: ReactNode;
  children: ReactNode;
}) {
  return (
    <li className="card bg-base-100 shadow-sm" data-testid={testId} data-email={email}>
      <div className="card-body p-4 gap-2">
        <div className="flex items-start justify-between gap-2">
          <div className="min-w-0">
            <p className="font-semibold truncate">{name}</p>
            <p className="text-sm opacity-80 break-all">{email}</p>
          </div>
          {badge}
        </div>
        {children}
      </div>
    </li>
  );
}
