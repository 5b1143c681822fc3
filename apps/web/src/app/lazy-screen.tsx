import { type ComponentType, use } from 'react';

export interface LazyScreen {
  /** The page, once its module has loaded. */
  loaded: () => ComponentType | undefined;
  /** Starts loading the page's module (once); resolves with the page. */
  preload: () => Promise<ComponentType>;
}

/** A page loaded on demand (rendered by LazyPage). */
export function lazyScreen(load: () => Promise<{ default: ComponentType }>): LazyScreen {
  let page: ComponentType | undefined;
  let loading: Promise<ComponentType> | undefined;
  return {
    loaded: () => page,
    preload: () => {
      loading ??= load().then((m) => {
        page = m.default;
        return m.default;
      });
      return loading;
    },
  };
}

/**
 * Renders a lazy page. Unlike React.lazy, a page whose module is already loaded renders at
 * once: the first screen, loaded before the first render, paints without suspending.
 */
export function LazyPage({ screen }: { screen: LazyScreen }) {
  const Page = screen.loaded() ?? use(screen.preload());
  return <Page />;
}
