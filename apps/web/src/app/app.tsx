import { initTheme } from '../lib/theme-store.ts';
import { AppRouter } from './router.tsx';

// Before the first render, so no screen (login included) paints in the wrong theme.
initTheme();

export function App() {
  return <AppRouter />;
}
