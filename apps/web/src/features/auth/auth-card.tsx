/** The centred card of the signed-out screens (login, registration) with its heading. */
import type { ReactNode } from 'react';
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

/** The line under a signed-out form that leads to the other one ("No account? Register"). */
export function AuthSwitch({ question, to, linkText }: { question: string; to: string; linkText: string }) {
  return (
    <p className="text-center text-sm">
      {question}{' '}
      <Link to={to} className="link link-primary">
        {linkText}
      </Link>
    </p>
  );
}
