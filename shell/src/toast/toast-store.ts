/** Toasts: info, warn, success, error; 3000 ms; stacked 70px apart from 100px (spec sections 2 and 9). */
import { TOAST_DURATION_MS, TOAST_GAP_PX, TOAST_TOP_PX, type ToastApi, type ToastType } from 'shared-contracts';

interface ToastItem {
  id: number;
  type: ToastType;
  message: string;
}

export interface ToastStore extends ToastApi {
  list(): readonly ToastItem[];
  dismiss(id: number): void;
  subscribe(listener: () => void): () => void;
}

/** Top offset in px of the toast at `index` in the stack. */
export function toastTop(index: number): number {
  return TOAST_TOP_PX + index * TOAST_GAP_PX;
}

export function createToastStore(): ToastStore {
  let items: readonly ToastItem[] = [];
  let nextId = 1;
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((listener) => listener());

  const store: ToastStore = {
    list: () => items,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dismiss(id) {
      if (!items.some((item) => item.id === id)) return;
      items = items.filter((item) => item.id !== id);
      notify();
    },
    show(type, message, durationMs = TOAST_DURATION_MS) {
      const id = nextId++;
      items = [...items, { id, type, message }];
      notify();
      setTimeout(() => store.dismiss(id), durationMs);
    },
    info: (message) => store.show('info', message),
    warn: (message) => store.show('warn', message),
    success: (message) => store.show('success', message),
    error: (message) => store.show('error', message),
  };
  return store;
}
