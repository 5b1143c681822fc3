/**
 * Shown on /health-declaration without a traveller: a declaration belongs to one traveller (its
 * id is the traveller's id), so the officer first picks one from the travellers on the device.
 */
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { searchTravelers, type TravelerHit } from '../../db/travelers-search.ts';

function declarationPath(t: { id: string; fullName: string; passportNo: string }) {
  const query = new URLSearchParams({ travelerId: t.id, fullName: t.fullName, passportNo: t.passportNo });
  return `/health-declaration/${t.id}?${query.toString()}`;
}

export function TravelerPicker({ error }: { error: string | null }) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState('');
  const [hits, setHits] = useState<TravelerHit[]>([]);
  useEffect(() => {
    let live = true;
    void searchTravelers(text, 8).then((found) => live && setHits(found));
    return () => {
      live = false;
    };
  }, [text]);
  return (
    <div className="card bg-base-100 border border-base-300 shadow-sm" data-testid="traveler-picker">
      <div className="card-body p-4 sm:p-6 gap-2">
        <label htmlFor={id} className="card-title text-base">
          {t('declaration.picker.title')}
        </label>
        <p className="text-sm opacity-75">{t('declaration.picker.hint')}</p>
        <input
          id={id}
          type="search"
          className={`input w-full ${error ? 'input-error' : ''}`}
          placeholder={t('declaration.picker.placeholder')}
          value={text}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => setText(e.target.value)}
        />
        {error && (
          <p id={`${id}-error`} className="text-error text-sm" role="alert">
            {error}
          </p>
        )}
        {text.trim() !== '' && hits.length === 0 && <EmptyState>{t('declaration.picker.none')}</EmptyState>}
        <ul className="menu w-full p-0">
          {hits.map((hit) => (
            <li key={hit.id}>
              <Link to={declarationPath(hit)} className="flex flex-wrap justify-between">
                <span className="font-medium">{hit.fullName}</span>
                <span className="font-mono text-sm opacity-75">{hit.passportNo}</span>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
