/** The centred card of the signed-out screens (login, registration) with its heading. */
import type { ReactNode } from 'react';

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
    <main className="min-h-screen bg-base-200 flex items-center justify-center p-4">
      <div className={`card w-full ${wide ? 'max-w-lg' : 'max-w-md'} bg-base-100 shadow-xl`}>
        <div className="card-body gap-3">
          <h1 className="text-2xl font-bold text-center">{title}</h1>
          {children}
        </div>
      </div>
    </main>
  );
}
