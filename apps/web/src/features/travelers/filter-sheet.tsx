/**
 * The filters on a phone: a bottom sheet over the list (the app's modal <dialog>, so focus is
 * trapped and Escape closes it) holding the same search panel the wide layouts show inline.
 * It stays mounted while closed so the panel keeps what was typed.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../components/ui/modal.tsx';

export function FilterSheet({
  open,
  onClose,
  children,
}: {
  open: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t('phone.filters.title')}
      closeLabel={t('phone.filters.close')}
      placement="bottom"
      boxClassName="p-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] max-h-[85vh]"
      testId="filter-sheet"
    >
      {children}
    </Modal>
  );
}
