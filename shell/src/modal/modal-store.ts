/**
 * The modal stack of spec section 4: one modal per type; hide(type) removes that type and every modal
 * opened after it; page scroll is locked while any modal is open. Rendering lives in the lazily loaded
 * modal host; this store is small and loads with the shell.
 */
import type { ReactNode } from 'react';
import type { ModalApi, ModalOptions } from 'shared-contracts';

/** The only modal type whose backdrop click closes it. */
export const IMAGE_PLAY_MODAL = 'image-play';

export interface ModalEntry {
  id: number;
  type: string;
  render: (close: () => void) => ReactNode;
  options: ModalOptions;
}

export interface ModalStore extends ModalApi {
  stack(): readonly ModalEntry[];
  subscribe(listener: () => void): () => void;
}

export function createModalStore(doc: Document = document): ModalStore {
  let entries: readonly ModalEntry[] = [];
  let nextId = 1;
  let savedOverflow: string | null = null;
  const listeners = new Set<() => void>();

  function syncScrollLock() {
    const body = doc.body;
    if (entries.length > 0 && savedOverflow === null) {
      savedOverflow = body.style.overflow;
      body.style.overflow = 'hidden';
      body.dataset.modalOpen = 'true';
    } else if (entries.length === 0 && savedOverflow !== null) {
      body.style.overflow = savedOverflow;
      savedOverflow = null;
      delete body.dataset.modalOpen;
    }
  }

  function commit(next: readonly ModalEntry[]) {
    entries = next;
    syncScrollLock();
    listeners.forEach((listener) => listener());
  }

  const store: ModalStore = {
    stack: () => entries,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    show(type, render, options) {
      const entry: ModalEntry = { id: nextId++, type, render, options };
      const index = entries.findIndex((item) => item.type === type);
      if (index >= 0) {
        // one per type: the open one is replaced where it stands
        const next = [...entries];
        next[index] = entry;
        commit(next);
      } else {
        commit([...entries, entry]);
      }
    },
    hide(type) {
      const index = entries.findIndex((item) => item.type === type);
      if (index < 0) return;
      const removed = entries.slice(index);
      commit(entries.slice(0, index));
      for (const entry of removed.reverse()) {
        try {
          entry.options.onClose?.();
        } catch (error) {
          console.error(`[shell] onClose of modal ${entry.type} failed`, error);
        }
      }
    },
    isOpen: (type) => entries.some((item) => item.type === type),
  };
  return store;
}
