/**
 * A form that is a card of its page (profile, users): the card is labelled by its heading, then the
 * fields and the actions. Submitting works as in AppForm.
 */
import { type ComponentProps, type ReactNode, useId } from 'react';
import { AppForm } from './app-form.tsx';

export function CardForm({
  title,
  gap = 'gap-2',
  children,
  ...form
}: {
  title: ReactNode;
  /** Space between the card's rows. */
  gap?: 'gap-1' | 'gap-2';
  children: ReactNode;
} & Omit<ComponentProps<typeof AppForm>, 'className' | 'aria-labelledby'>) {
  const titleId = useId();
  return (
    <AppForm className="card bg-base-100 shadow-sm" aria-labelledby={titleId} {...form}>
      <div className={`card-body ${gap}`}>
        <h2 id={titleId} className="card-title text-lg">
          {title}
        </h2>
        {children}
      </div>
    </AppForm>
  );
}
