/** The fields an audited change altered: old and new value side by side (all fields when one side is unknown). */
import type { AuditEntry } from '@bh/shared';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/ui/data-table.tsx';

const SKIP = new Set(['version', 'updatedAt', 'changeSeq', 'updatedBy']);
const show = (v: unknown) =>
  v === undefined ? '' : v === null ? '—' : typeof v === 'string' ? v : JSON.stringify(v);

function changedFields(entry: Pick<AuditEntry, 'oldValues' | 'newValues'>): [string, unknown, unknown][] {
  const before = entry.oldValues ?? {};
  const after = entry.newValues ?? {};
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((k) => !SKIP.has(k));
  const both = entry.oldValues !== null && entry.newValues !== null;
  return keys
    .filter((k) => !both || JSON.stringify(before[k]) !== JSON.stringify(after[k]))
    .map((k) => [k, before[k], after[k]]);
}

export function ValueChanges({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation();
  const rows = changedFields(entry);
  if (rows.length === 0) return <span className="opacity-60">{t('audit.noValues')}</span>;
  return (
    <DataTable
      className="table-xs"
      testId="audit-changes"
      columns={[t('audit.field'), t('audit.old'), t('audit.new')]}
    >
      {rows.map(([key, before, after]) => (
        <tr key={key}>
          <th scope="row" className="font-mono">
            {key}
          </th>
          <td className="break-all">{show(before)}</td>
          <td className="break-all">{show(after)}</td>
        </tr>
      ))}
    </DataTable>
  );
}
