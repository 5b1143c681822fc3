/**
 * Page not found: big 404, title, description, home and back buttons, a search box over the
 * screens (translated titles) and, for a logged-in user, the travellers on this device, and
 * suggestion links to real screens.
 */
import { type FormEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { EmptyState } from '../components/ui/empty-state.tsx';
import { searchTravelers, type TravelerHit } from '../db/travelers-search.ts';
import { declarationPath } from '../features/travelers/traveler-links.ts';
import { useSession } from '../lib/session.ts';
import { matchScreens, reachableScreens, type Screen } from './screens.ts';

interface Results {
  query: string;
  screens: Screen[];
  travelers: TravelerHit[];
}

/** One group of search hits: a heading over a menu of links. */
function ResultList({
  title,
  testId,
  className,
  children,
}: {
  title: string;
  testId: string;
  className: string;
  children: ReactNode;
}) {
  return (
    <section className={className}>
      <h2 className="font-semibold text-sm mb-1">{title}</h2>
      <ul className="menu bg-base-100 rounded-box w-full" data-testid={testId}>
        {children}
      </ul>
    </section>
  );
}

export default function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const inputId = useId();
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<Results | null>(null);
  const screens = reachableScreens(session?.user.role ?? null);
  const loggedIn = Boolean(session);

  const run = async (text: string) => {
    const q = text.trim();
    if (!q) return setResults(null);
    // Travellers are personal data: only searched for a logged-in user.
    const travelers = loggedIn ? await searchTravelers(q, 8).catch(() => []) : [];
    setResults({ query: q, screens: matchScreens(screens, q, (k) => t(k)), travelers });
  };

  // Results follow the typing (debounced); the button searches at once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-run on the query and language only
  useEffect(() => {
    const timer = setTimeout(() => void run(query), 200);
    return () => clearTimeout(timer);
  }, [query, t]);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void run(query);
  };
  const empty = results && results.screens.length === 0 && results.travelers.length === 0;

  return (
    <main className="min-h-screen grid place-items-center p-4 sm:p-6 bg-base-200">
      <div className="w-full max-w-xl text-center space-y-5">
        <p className="text-8xl sm:text-9xl font-black text-primary leading-none" aria-hidden="true">
          {t('app.notFound.code')}
        </p>
        <h1 className="text-2xl sm:text-3xl font-bold">
          <span className="sr-only">{t('app.notFound.code')} </span>
          {t('app.notFound.title')}
        </h1>
        <p className="opacity-80">{t('notFound.description')}</p>
        <div className="flex flex-wrap gap-2 justify-center">
          <Link to="/" className="btn btn-primary">
            {t('app.notFound.goHome')}
          </Link>
          <button type="button" className="btn" onClick={() => navigate(-1)}>
            {t('app.notFound.goBack')}
          </button>
        </div>

        <search>
          <form onSubmit={onSubmit} className="text-left">
            <label htmlFor={inputId} className="block text-sm font-medium mb-1">
              {t('app.notFound.searchLabel')}
            </label>
            <div className="join w-full">
              <input
                id={inputId}
                type="search"
                className="input join-item w-full"
                placeholder={t('app.notFound.searchPlaceholder')}
                value={query}
                onChange={(e) => setQuery(e.target.value)}
                data-testid="not-found-search"
              />
              <button type="submit" className="btn btn-primary join-item">
                {t('app.notFound.searchButton')}
              </button>
            </div>
          </form>
        </search>

        <div aria-live="polite" className="text-left">
          {empty && <EmptyState>{t('app.notFound.noResults', { query: results.query })}</EmptyState>}
          {results && results.screens.length > 0 && (
            <ResultList title={t('app.notFound.screens')} testId="screen-results" className="mt-2">
              {results.screens.map((s) => (
                <li key={s.path}>
                  <Link to={s.path}>{t(s.titleKey)}</Link>
                </li>
              ))}
            </ResultList>
          )}
          {results && results.travelers.length > 0 && (
            <ResultList title={t('app.notFound.travelers')} testId="traveler-results" className="mt-3">
              {results.travelers.map((tr) => (
                <li key={tr.id}>
                  <Link to={declarationPath(tr)}>
                    <span className="font-medium">{tr.fullName}</span>
                    <span className="opacity-80 text-xs">
                      {tr.passportNo} · {tr.nationality}
                    </span>
                  </Link>
                </li>
              ))}
            </ResultList>
          )}
        </div>

        <nav aria-labelledby="nf-suggestions" className="text-left">
          <h2 id="nf-suggestions" className="font-semibold text-sm mb-2">
            {t('app.notFound.suggestions')}
          </h2>
          <ul className="flex flex-wrap gap-x-4 gap-y-2">
            {screens.map((s) => (
              <li key={s.path}>
                <Link to={s.path} className="link">
                  {t(s.titleKey)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </main>
  );
}
