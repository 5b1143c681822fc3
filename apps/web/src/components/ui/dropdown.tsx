/**
 * Disclosure dropdown (button + panel). Controlled by state rather than CSS focus so the panel
 * stays open when an item inside it disappears (mark read, remove); closes on outside click,
 * Escape (focus back on the button) and when focus moves elsewhere.
 */
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';

export function Dropdown({
  button,
  buttonClassName,
  buttonLabel,
  testId,
  panelClassName = '',
  panelPosition = 'absolute right-0 top-full mt-2',
  children,
}: {
  button: ReactNode;
  buttonClassName: string;
  /** Only when the button's content has no text of its own. */
  buttonLabel?: string;
  testId?: string;
  panelClassName?: string;
  /** Where the panel sits; the default hangs it under the button, right-aligned. */
  panelPosition?: string;
  children: (close: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const wrapper = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (!(e.target instanceof Node && wrapper.current?.contains(e.target))) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        trigger.current?.focus();
      }
    };
    // Focus moved to an element outside: close. (No relatedTarget = the focused item vanished.)
    const onFocusOut = (e: FocusEvent) => {
      if (e.relatedTarget instanceof Node && !wrapper.current?.contains(e.relatedTarget)) setOpen(false);
    };
    const node = wrapper.current;
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    node?.addEventListener('focusout', onFocusOut);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
      node?.removeEventListener('focusout', onFocusOut);
    };
  }, [open]);

  return (
    <div ref={wrapper} className="relative">
      <button
        ref={trigger}
        type="button"
        className={buttonClassName}
        aria-label={buttonLabel}
        aria-expanded={open}
        aria-controls={panelId}
        data-testid={testId}
        onClick={() => setOpen((o) => !o)}
      >
        {button}
      </button>
      {open && (
        <div
          id={panelId}
          className={`${panelPosition} z-40 rounded-box bg-base-100 shadow-lg border border-base-300 ${panelClassName}`}
        >
          {children(() => setOpen(false))}
        </div>
      )}
    </div>
  );
}
