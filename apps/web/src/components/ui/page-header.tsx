/** The heading of a page: its title, a line under it, and the page's actions (if any) on the end side. */
import type { ReactNode } from 'react';

export function PageHeader({
  title,
  subtitle,
  children,
}: {
  title: ReactNode;
  subtitle: ReactNode;
  /** Actions shown beside the title (wrapping under it on a narrow screen). */
  children?: ReactNode;
}) {
  return (
    <header className="flex flex-wrap items-end justify-between gap-3">
      <div>
        <h1 className="text-2xl font-bold">{title}</h1>
        <p className="text-sm opacity-80">{subtitle}</p>
      </div>
      {children}
    </header>
  );
}
