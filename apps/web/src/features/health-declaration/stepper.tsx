/**
 * The declaration as steps on a phone (identity, health, contacts, documents, review): the
 * progress above, one step's sections at a time, and a sticky bar at the bottom with Back and
 * the primary action (Next, then Submit on the last step). Wider screens keep the one long
 * page. Every section stays mounted (hidden when not current) so values, errors and focus work
 * exactly as on the long page; a failed submit opens the step of the first invalid field.
 */
import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

const STEPS = ['identity', 'health', 'contacts', 'documents', 'review'] as const;
type StepName = (typeof STEPS)[number];

/** One step's sections; hidden while another step is shown on a phone. */
export function Step({
  name,
  current,
  stepped,
  children,
}: {
  name: StepName;
  current: number;
  stepped: boolean;
  children: ReactNode;
}) {
  const hidden = stepped && STEPS[current] !== name;
  return (
    <div data-step={name} className={hidden ? 'hidden' : 'space-y-4'}>
      {children}
    </div>
  );
}

export function StepProgress({ current }: { current: number }) {
  const { t } = useTranslation();
  const name = STEPS[current] ?? 'identity';
  return (
    <div className="space-y-1" data-testid="declaration-progress" data-step={name}>
      <p className="text-sm font-semibold" aria-live="polite">
        {t('declarationSteps.progress', {
          n: current + 1,
          total: STEPS.length,
          name: t(`declarationSteps.names.${name}`),
        })}
      </p>
      <progress
        className="progress progress-primary w-full"
        value={current + 1}
        max={STEPS.length}
        aria-label={t('declarationSteps.progressLabel')}
      />
    </div>
  );
}

/** The sticky bottom bar: Back, and Next or the submit button on the last step. */
export function StepBar({
  current,
  onStep,
  submit,
}: {
  current: number;
  onStep: (next: number) => void;
  submit: ReactNode;
}) {
  const { t } = useTranslation();
  const last = current === STEPS.length - 1;
  return (
    <div
      className="sticky bottom-0 z-10 -mx-3 px-3 py-2 bg-base-100/95 backdrop-blur border-t border-base-300 flex gap-2 pb-[max(0.5rem,env(safe-area-inset-bottom))]"
      data-testid="declaration-step-bar"
    >
      <button
        type="button"
        className="btn btn-ghost min-h-11"
        disabled={current === 0}
        onClick={() => onStep(current - 1)}
        data-testid="step-back"
      >
        <ChevronLeft aria-hidden="true" className="size-5" />
        {t('declarationSteps.back')}
      </button>
      <div className="flex-1 flex justify-end">
        {last ? (
          submit
        ) : (
          <button
            type="button"
            className="btn btn-primary min-h-11 w-full max-w-60"
            onClick={() => onStep(current + 1)}
            data-testid="step-next"
          >
            {t('declarationSteps.next')}
            <ChevronRight aria-hidden="true" className="size-5" />
          </button>
        )}
      </div>
    </div>
  );
}

/** The step holding the first invalid control (for a failed submit), or null. */
export function stepOfFirstError(form: ParentNode): number | null {
  const invalid = form.querySelector('[aria-invalid="true"]');
  const name = invalid?.closest<HTMLElement>('[data-step]')?.dataset.step;
  const index = STEPS.map(String).indexOf(name ?? '');
  return index >= 0 ? index : null;
}
