/** The centred card of the signed-out screens (login, registration) with its heading. */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function AuthCard({
  title,
  wide = false,
  children,
}: {
  title: string;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    // On a phone the card starts near the top: what appears late at its end (the demo accounts)
    // then moves nothing above it (no layout shift).
    <main className="min-h-screen bg-base-200 flex items-start sm:items-center justify-center p-4 pt-[8vh] sm:pt-4">
      <div className={`card w-full ${wide ? 'max-w-lg' : 'max-w-md'} bg-base-100 shadow-xl`}>
        <div className="card-body gap-3">
          <h1 className="text-2xl font-bold text-center">{title}</h1>
          {children}
        </div>
      </div>
    </main>
  );
}

/** Where each signed-out form leads: the question under the form and the link to the other one. */
const SWITCHES = {
  register: { question: 'auth.login.noAccount', path: '/auth/register', link: 'auth.login.register' },
  login: { question: 'auth.register.haveAccount', path: '/login', link: 'auth.register.login' },
} as const;

/** The line under a signed-out form that leads to the other one ("No account? Register"). */
export function AuthSwitch({ to }: { to: keyof typeof SWITCHES }) {
  const { t } = useTranslation();
  const { question, path, link } = SWITCHES[to];
  return (
    <p className="text-center text-sm">
      {t(question)}{' '}
      <Link to={path} className="link link-primary">
        {t(link)}
      </Link>
    </p>
  );
}
