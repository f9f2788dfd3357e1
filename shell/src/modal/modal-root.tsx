import { lazy, Suspense, useSyncExternalStore } from 'react';
import type { ModalStore } from './modal-store';

// the dialog implementation loads the first time a modal opens
const ModalHost = lazy(() => import(/* webpackChunkName: "modal-host" */ './modal-host'));

export function ModalRoot({ store }: { store: ModalStore }) {
  const entries = useSyncExternalStore(store.subscribe, store.stack, store.stack);
  if (entries.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <ModalHost store={store} entries={entries} />
    </Suspense>
  );
}
