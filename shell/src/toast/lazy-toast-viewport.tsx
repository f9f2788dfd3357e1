/**
 * The toast stack, its code loaded with the first toast (no part of the first screen, issue 25): a toast raised
 * before that shows as soon as the code is in, and goes at its own time (its timer runs from when it was raised).
 */
import { lazy, Suspense, useRef, useSyncExternalStore } from 'react';
import type { ToastStore } from './toast-store';

const ToastViewport = lazy(() => import(/* webpackChunkName: "toast-viewport" */ './toast-viewport').then((m) => ({ default: m.ToastViewport })));

export function LazyToastViewport({ store }: { store: ToastStore }) {
  const showing = useSyncExternalStore(store.subscribe, () => store.list().length > 0, () => false);
  // once loaded for a toast, the stack stays mounted
  const used = useRef(false);
  if (showing) used.current = true;
  if (!used.current) return null;
  return (
    <Suspense fallback={null}>
      <ToastViewport store={store} />
    </Suspense>
  );
}
