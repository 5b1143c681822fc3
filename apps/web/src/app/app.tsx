import { RouterProvider } from 'react-router';
import { initTheme } from '../features/settings/theme-store.ts';
import { router } from './router.tsx';

// Before the first render, so no screen (login included) paints in the wrong theme.
initTheme();

export function App() {
  return <RouterProvider router={router} />;
}
