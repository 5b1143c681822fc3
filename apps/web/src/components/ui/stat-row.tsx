import type { ReactNode } from 'react';

/** One "label: value" line of a compact figures list (sidebar, info boxes). */
export function StatRow({ label, value, testId }: { label: ReactNode; value: ReactNode; testId?: string }) {
  return (
    <div className="flex items-center justify-between gap-2 py-1 text-sm">
      <dt className="opacity-80">{label}</dt>
      <dd className="font-semibold tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}
