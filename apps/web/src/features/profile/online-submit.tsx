/** The submit button of the profile forms: they change the account on the server, so they wait for the network. */
import type { ReactNode } from 'react';
import { SubmitButton } from '../../components/ui/submit-button.tsx';

export function OnlineSubmit({
  busy,
  online,
  children,
}: {
  busy: boolean;
  online: boolean;
  children: ReactNode;
}) {
  return (
    <div className="flex justify-end mt-2">
      <SubmitButton busy={busy} className="btn-primary min-h-11" disabled={busy || !online}>
        {children}
      </SubmitButton>
    </div>
  );
}
