/** The help dialog of the list's keyboard shortcuts ("?" or the keyboard button opens it). */
import { useTranslation } from 'react-i18next';
import { Modal } from '../../components/ui/modal.tsx';
import { LIST_SHORTCUTS } from './use-list-shortcuts.ts';

export function ShortcutsHelp({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t('phone.shortcuts.title')}
      closeLabel={t('phone.shortcuts.close')}
      actions={
        <button type="button" className="btn btn-primary" onClick={onClose}>
          {t('phone.shortcuts.close')}
        </button>
      }
    >
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 items-center" data-testid="shortcuts-help">
        {LIST_SHORTCUTS.map((s) => (
          <div key={s.key} className="contents">
            <dt>
              <kbd className="kbd">{s.key}</kbd>
            </dt>
            <dd>{t(`phone.shortcuts.${s.action}`)}</dd>
          </div>
        ))}
      </dl>
    </Modal>
  );
}
