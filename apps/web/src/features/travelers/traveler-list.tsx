/**
 * The traveller list: a table on wide screens and cards on phones, both virtualised so only the
 * rows in view (a few dozen) are in the DOM even with 100,000 travellers.
 */
import type { Country } from '@bh/shared';
import { useVirtualizer } from '@tanstack/react-virtual';
import { ClipboardPlus, Eye, type LucideIcon, Pencil } from 'lucide-react';
import { useRef } from 'react';

import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TravelerEntry } from '../../db/travelers-repo.ts';
import { countryName, formatDate } from './format.ts';
import { usePostCodeOf } from './post-code.ts';
import { RiskBadge, StatusBadge, SyncBadge } from './status-badges.tsx';
import { declarationPath } from './traveler-links.ts';
import { useRiskLevels } from './use-travelers.ts';

interface ListProps {
  items: TravelerEntry[];
  countries: readonly Country[];
  wide: boolean;
  onView: (id: string) => void;
  onEdit: (id: string) => void;
}

function Actions({ item, onView, onEdit }: { item: TravelerEntry } & Pick<ListProps, 'onView' | 'onEdit'>) {
  const { t } = useTranslation();
  const label = (action: string) =>
    t('travelers.actions.forTraveler', { action: t(action), name: item.fullName });
  // The shared attributes of the three actions: name, tooltip, test id and icon.
  const common = (action: 'view' | 'edit' | 'declaration', Glyph: LucideIcon) => ({
    // 44x44 px: a gloved thumb's target on phones, the same on wide screens.
    className: 'btn btn-ghost btn-square min-h-11 min-w-11',
    'aria-label': label(`travelers.actions.${action}`),
    title: t(`travelers.actions.${action}`),
    'data-testid': `action-${action}`,
    children: <Glyph aria-hidden="true" className="size-5" />,
  });
  return (
    <div className="flex gap-1">
      <button type="button" onClick={() => onView(item.id)} {...common('view', Eye)} />
      <button type="button" onClick={() => onEdit(item.id)} {...common('edit', Pencil)} />
      <Link to={declarationPath(item)} {...common('declaration', ClipboardPlus)} />
    </div>
  );
}

export function TravelerList({ items, countries, wide, onView, onEdit }: ListProps) {
  const { t, i18n } = useTranslation();
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => (wide ? 53 : 148),
    overscan: 8,
    getItemKey: (i) => items[i]?.id ?? i,
  });
  const rows = virtualizer.getVirtualItems();
  // Each row in view with its traveller (the virtualiser only hands out indexes inside `items`).
  const visible = rows.flatMap((row) => {
    const item = items[row.index];
    return item ? [{ row, item }] : [];
  });
  // The declared travellers' risk levels, read for the rows in view only.
  const risks = useRiskLevels(visible.filter((v) => v.item.status !== 'pending').map((v) => v.item.id));
  const genderOf = (item: TravelerEntry) => (item.gender ? t(`travelers.gender.${item.gender}`) : '');
  const nationalityOf = (item: TravelerEntry) => countryName(countries, item.nationality, i18n.language);
  const postCodeOf = usePostCodeOf();

  if (!wide) {
    return (
      <div
        ref={scrollRef}
        className="h-[calc(100dvh-13rem)] min-h-80 overflow-auto"
        data-testid="traveler-cards"
      >
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {visible.map(({ row, item }) => {
            return (
              <div
                key={row.key}
                data-index={row.index}
                ref={virtualizer.measureElement}
                className="pb-2 absolute inset-x-0 top-0"
                style={{ transform: `translateY(${row.start}px)` }}
              >
                <TravelerCard
                  item={item}
                  risk={risks.get(item.id)}
                  index={row.index}
                  gender={genderOf(item)}
                  nationality={nationalityOf(item)}
                  postCode={postCodeOf(item)}
                  onView={onView}
                  onEdit={onEdit}
                />
              </div>
            );
          })}
        </div>
      </div>
    );
  }

  // A real table; spacer rows above and below stand in for the rows out of view.
  const top = rows[0]?.start ?? 0;
  const bottom = virtualizer.getTotalSize() - (rows.at(-1)?.end ?? 0);
  return (
    <div
      ref={scrollRef}
      className="card bg-base-100 shadow-sm h-[60vh] overflow-auto"
      data-testid="traveler-table"
    >
      <table className="table table-sm table-pin-rows min-w-[44rem]" aria-rowcount={items.length + 1}>
        <caption className="sr-only">{t('travelers.table.caption')}</caption>
        <thead>
          <tr>
            {(
              ['index', 'fullName', 'passportNo', 'nationality', 'entryDate', 'status', 'actions'] as const
            ).map((c) => (
              <th key={c} scope="col">
                {t(`travelers.table.${c}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {top > 0 && (
            <tr>
              <td colSpan={7} style={{ height: top, padding: 0 }} />
            </tr>
          )}
          {visible.map(({ row, item }) => {
            const gender = genderOf(item);
            return (
              <tr
                key={row.key}
                data-index={row.index}
                ref={virtualizer.measureElement}
                aria-rowindex={row.index + 2}
                className="hover:bg-base-200/60"
                data-testid="traveler-row"
                data-id={item.id}
              >
                <td className="tabular-nums opacity-70">{row.index + 1}</td>
                <td className="max-w-64">
                  <div className="font-medium truncate">{item.fullName}</div>
                  {(gender || postCodeOf(item)) && (
                    <div className="text-xs opacity-70">
                      {[gender, postCodeOf(item)].filter(Boolean).join(' · ')}
                    </div>
                  )}
                </td>
                <td className="font-mono">{item.passportNo}</td>
                <td className="whitespace-nowrap">{nationalityOf(item)}</td>
                <td className="tabular-nums whitespace-nowrap">{formatDate(item.entryDate)}</td>
                <td>
                  <div className="flex flex-wrap gap-1">
                    <StatusBadge status={item.status} />
                    <Risk level={risks.get(item.id)} />
                    {item.syncStatus !== 'synced' && <SyncBadge syncStatus={item.syncStatus} />}
                  </div>
                </td>
                <td>
                  <Actions item={item} onView={onView} onEdit={onEdit} />
                </td>
              </tr>
            );
          })}
          {bottom > 0 && (
            <tr>
              <td colSpan={7} style={{ height: bottom, padding: 0 }} />
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}

const Risk = ({ level }: { level: string | undefined }) => (level ? <RiskBadge level={level} /> : null);

function TravelerCard({
  item,
  risk,
  index,
  gender,
  nationality,
  postCode,
  onView,
  onEdit,
}: {
  item: TravelerEntry;
  risk: string | undefined;
  index: number;
  gender: string;
  nationality: string;
  /** The traveller's post, shown to one who reads several posts. */
  postCode: string | null;
} & Pick<ListProps, 'onView' | 'onEdit'>) {
  const { t } = useTranslation();
  return (
    <article
      className="card bg-base-100 shadow-sm p-3"
      data-testid="traveler-card"
      data-id={item.id}
      aria-label={item.fullName}
    >
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <div className="font-semibold truncate">
            <span className="opacity-60 tabular-nums mr-1">{index + 1}.</span>
            {item.fullName}
          </div>
          <div className="text-xs opacity-80">
            {[gender, nationality, postCode].filter(Boolean).join(' · ')}
          </div>
        </div>
        <div className="flex flex-col items-end gap-1">
          <StatusBadge status={item.status} />
          <Risk level={risk} />
          {item.syncStatus !== 'synced' && <SyncBadge syncStatus={item.syncStatus} />}
        </div>
      </div>
      <dl className="grid grid-cols-2 gap-x-2 text-sm mt-2">
        <dt className="opacity-70">{t('travelers.table.passportNo')}</dt>
        <dd className="font-mono text-right">{item.passportNo}</dd>
        <dt className="opacity-70">{t('travelers.table.entryDate')}</dt>
        <dd className="text-right tabular-nums">{formatDate(item.entryDate)}</dd>
      </dl>
      <div className="flex justify-end mt-1">
        <Actions item={item} onView={onView} onEdit={onEdit} />
      </div>
    </article>
  );
}
