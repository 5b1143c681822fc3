/** A table with one header row: the column titles (scoped to their columns), then the caller's rows. */
import type { ReactNode } from 'react';

export function DataTable({
  columns,
  children,
  className = '',
  label,
  testId,
}: {
  /** The column titles, in column order (an empty one for a column of row actions). */
  columns: readonly ReactNode[];
  /** The <tr> rows. */
  children: ReactNode;
  /** Classes after "table", e.g. "table-xs". */
  className?: string;
  /** Accessible name of a table that has no heading of its own. */
  label?: string;
  testId?: string;
}) {
  return (
    <table className={`table ${className}`.trim()} aria-label={label} data-testid={testId}>
      <thead>
        <tr>
          {columns.map((title, column) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed; a column is its position.
            <th key={column} scope="col">
              {title}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}
