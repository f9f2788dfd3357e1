import { lazy, Suspense, useRef, useSyncExternalStore } from 'react';
import type { ModalStore } from './modal-store';

// the dialog implementation loads the first time a modal opens
const ModalHost = lazy(() => import(/* webpackChunkName: "modal-host" */ './modal-host'));

export function ModalRoot({ store }: { store: ModalStore }) {
  const entries = useSyncExternalStore(store.subscribe, store.stack, store.stack);
  // once loaded the host stays mounted, so it can hand focus back when the last modal closes
  const used = useRef(false);
  if (entries.length > 0) used.current = true;
  if (!used.current) return null;
  return (
    <Suspense fallback={null}>
      <ModalHost store={store} entries={entries} />
    </Suspense>
  );
}
