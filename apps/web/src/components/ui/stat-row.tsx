import type { ReactNode } from 'react';

/** How a row reads: a compact figure (sidebar, info boxes) or a field of a record's details. */
const LOOKS = {
  figure: {
    row: 'flex items-center justify-between gap-2 py-1 text-sm',
    label: 'opacity-80',
    value: 'font-semibold tabular-nums',
  },
  detail: {
    row: 'grid grid-cols-[minmax(7rem,40%)_1fr] gap-2 py-1 border-b border-base-200 text-sm',
    label: 'opacity-70',
    value: 'break-words',
  },
} as const;

/** One "label: value" line of a <dl>. */
export function StatRow({
  label,
  value,
  testId,
  look = 'figure',
}: {
  label: ReactNode;
  value: ReactNode;
  testId?: string;
  look?: keyof typeof LOOKS;
}) {
  const classes = LOOKS[look];
  return (
    <div className={classes.row}>
      <dt className={classes.label}>{label}</dt>
      <dd className={classes.value} data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}
