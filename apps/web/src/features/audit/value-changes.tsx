/** The fields an audited change altered: old and new value side by side (all fields when one side is unknown). */
import { type AuditEntry, travelerStatusLabelKey } from '@bh/shared';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/ui/data-table.tsx';
import { modeName } from './audit-sentence.ts';

const SKIP = new Set(['version', 'updatedAt', 'changeSeq', 'updatedBy']);
const show = (v: unknown) =>
  v === undefined ? '' : v === null ? '—' : typeof v === 'string' ? v : JSON.stringify(v);

/** A field's label in the language (the field's name when it has none). */
function fieldLabel(t: TFunction, key: string): string {
  const label = t(`audit.fields.${key}`);
  return label === `audit.fields.${key}` ? key : label;
}

/** A value as people name it: modes and statuses by their names. */
function valueText(t: TFunction, key: string, v: unknown): string {
  if (typeof v === 'string' && key === 'mode') return modeName(t, v);
  if (typeof v === 'string' && (key === 'status' || key === 'toStatus' || key === 'fromStatus'))
    return t(travelerStatusLabelKey(v));
  return show(v);
}

function changedFields(entry: Pick<AuditEntry, 'oldValues' | 'newValues'>): [string, unknown, unknown][] {
  const before = entry.oldValues ?? {};
  const after = entry.newValues ?? {};
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((k) => !SKIP.has(k));
  const both = entry.oldValues !== null && entry.newValues !== null;
  return keys
    .filter((k) => !both || JSON.stringify(before[k]) !== JSON.stringify(after[k]))
    .map((k) => [k, before[k], after[k]]);
}

export function ValueChanges({ entry }: { entry: Pick<AuditEntry, 'oldValues' | 'newValues'> }) {
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
          <th scope="row" title={key}>
            {fieldLabel(t, key)}
          </th>
          <td className="break-words">{valueText(t, key, before)}</td>
          <td className="break-words">{valueText(t, key, after)}</td>
        </tr>
      ))}
    </DataTable>
  );
}
