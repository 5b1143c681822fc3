import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ReloadButton } from '../components/ui/reload-button.tsx';

/**
 * Shown when a route fails to load or render. Offline, the likely cause is a screen not stored
 * yet (the device was still getting ready to work offline): it says so, and what to do.
 */
function RouteError() {
  const { t } = useTranslation();
  const offline = typeof navigator !== 'undefined' && !navigator.onLine;
  return (
    <main className="min-h-screen grid place-items-center p-6">
      <div className="text-center space-y-4 max-w-md" data-testid="route-error" data-offline={offline}>
        <h1 className="text-2xl font-bold">
          {t(offline ? 'app.offlineScreen.title' : 'errors.unknown_error')}
        </h1>
        {offline && <p>{t('app.offlineScreen.body')}</p>}
        <ReloadButton className="btn btn-primary">{t('app.retry')}</ReloadButton>
      </div>
    </main>
  );
}

interface BoundaryState {
  failed: boolean;
  /** The path the failure happened on: going elsewhere clears it. */
  pathname: string;
}

/** Catches a screen that fails to load or render; another path tries again. */
export class RouteErrorBoundary extends Component<{ pathname: string; children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { failed: false, pathname: this.props.pathname };

  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(
    props: { pathname: string },
    state: BoundaryState,
  ): Partial<BoundaryState> | null {
    return props.pathname === state.pathname ? null : { failed: false, pathname: props.pathname };
  }

  override render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}
