/**
 * The list's keyboard shortcuts: "/" search, "n" new traveller, "s" scan, "?" this help. They
 * act only when no field has the focus, no modifier is held and no dialog is open, so typing
 * a name with an "n" in it never opens a form.
 */
import { useEffect } from 'react';

export const LIST_SHORTCUTS = [
  { key: '/', action: 'search' },
  { key: 'n', action: 'add' },
  { key: 's', action: 'scan' },
  { key: '?', action: 'help' },
] as const;
export type ShortcutAction = (typeof LIST_SHORTCUTS)[number]['action'];

function typingIn(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || target.closest('input, textarea, select, [role="spinbutton"]') !== null;
}

export function useListShortcuts(run: (action: ShortcutAction) => void) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || typingIn(e.target)) return;
      if (document.querySelector('dialog[open]')) return;
      const found = LIST_SHORTCUTS.find((s) => s.key === e.key.toLowerCase() || s.key === e.key);
      if (!found) return;
      e.preventDefault();
      run(found.action);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [run]);
}
