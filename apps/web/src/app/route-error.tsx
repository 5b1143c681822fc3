import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ReloadButton } from '../components/ui/reload-button.tsx';

/** Shown when a route fails to load (e.g. a lazy chunk missing offline). */
function RouteError() {
  const { t } = useTranslation();
  return (
    <main className="min-h-screen grid place-items-center p-6">
      <div className="text-center space-y-4">
        <h1 className="text-2xl font-bold">{t('errors.unknown_error')}</h1>
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
