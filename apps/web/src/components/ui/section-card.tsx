/** A titled card section of a page; the heading names the section for assistive technology. */
import type { ReactNode } from 'react';

export function SectionCard({
  id,
  title,
  tone = 'plain',
  gap = 'gap-4',
  testId,
  children,
}: {
  /** The heading's id (the section is labelled by it). */
  id: string;
  title: ReactNode;
  /** 'danger': a red border and heading, for destructive actions. */
  tone?: 'plain' | 'danger';
  gap?: 'gap-3' | 'gap-4';
  testId?: string;
  children: ReactNode;
}) {
  const danger = tone === 'danger';
  return (
    <section
      className={danger ? 'card border border-error/60 bg-base-100' : 'card bg-base-100 shadow-sm'}
      aria-labelledby={id}
      data-testid={testId}
    >
      <div className={`card-body p-4 sm:p-6 ${gap}`}>
        <h2 id={id} className={danger ? 'card-title text-error' : 'card-title'}>
          {title}
        </h2>
        {children}
      </div>
    </section>
  );
}
