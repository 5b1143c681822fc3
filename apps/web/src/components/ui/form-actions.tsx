/** The closing row of a form: a way back (cancel, close, reset) and then the form's submit button. */
import type { ReactNode } from 'react';

export function FormActions({
  place = 'card',
  back,
  onBack,
  quietBack = false,
  children,
}: {
  /** 'card': the end of a card body; 'modal': the action row of a modal dialog. */
  place?: 'card' | 'modal';
  /** The label of the way-back button. */
  back: ReactNode;
  onBack: () => void;
  /** Draws the way-back button as a ghost button. */
  quietBack?: boolean;
  /** The submit button. */
  children: ReactNode;
}) {
  return (
    <div className={place === 'modal' ? 'modal-action' : 'card-actions justify-end mt-2'}>
      <button type="button" className={quietBack ? 'btn btn-ghost' : 'btn'} onClick={onBack}>
        {back}
      </button>
      {children}
    </div>
  );
}
