/**
 * The one store primitive of the app: a value that can be read, replaced, watched and used
 * in React. Every module-level state (session, theme, install prompt, storage, sync notices,
 * service worker) is one of these, so none of them hand-rolls its own listener set.
 * Built on zustand's vanilla store.
 */
import { useStore } from 'zustand';
import { createStore as createZustandStore } from 'zustand/vanilla';

export interface Store<T> {
  get(): T;
  /** Replaces the value (or derives it from the previous one) and tells every listener. */
  set(next: T | ((previous: T) => T)): void;
  /** Calls the listener after each change with the new value; returns the unsubscribe. */
  subscribe(listener: (value: T, previous: T) => void): () => void;
  /** React hook: the current value; the component re-renders when it changes. */
  use(): T;
}

export function createStore<T>(initial: T): Store<T> {
  const inner = createZustandStore<T>()(() => initial);
  return {
    get: inner.getState,
    set: (next) => inner.setState(next, true),
    subscribe: inner.subscribe,
    use: () => useStore(inner),
  };
}

/** A store of an object whose fields change a few at a time. */
export function patchStore<T extends object>(store: Store<T>, patch: Partial<T>) {
  store.set((previous) => ({ ...previous, ...patch }));
}
