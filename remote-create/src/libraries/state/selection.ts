/**
 * What My Creations has chosen for a bulk action: tasks picked one by one, or the whole library (of the
 * shown media) as it was when "Select all" was ticked, less the ones unticked since. "All" covers every
 * page, not just the one in view; the server resolves it (shared-contracts LibrarySelection).
 */
import type { LibraryMedia, LibrarySelection } from 'shared-contracts';

export type Chosen = { all: false; ids: ReadonlySet<string> } | { all: true; before: number; except: ReadonlySet<string> };

export const NOTHING: Chosen = { all: false, ids: new Set() };

export function everything(nowSeconds: number): Chosen {
  return { all: true, before: nowSeconds, except: new Set() };
}

export function isChosen(chosen: Chosen, id: string): boolean {
  return chosen.all ? !chosen.except.has(id) : chosen.ids.has(id);
}

export function toggle(chosen: Chosen, id: string): Chosen {
  const flip = (set: ReadonlySet<string>) => {
    const next = new Set(set);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    return next;
  };
  return chosen.all ? { ...chosen, except: flip(chosen.except) } : { all: false, ids: flip(chosen.ids) };
}

/** How many tasks are chosen, out of the library's total. */
export function countOf(chosen: Chosen, total: number): number {
  return chosen.all ? Math.max(0, total - chosen.except.size) : chosen.ids.size;
}

/** The selection as the server takes it. */
export function selectionOf(chosen: Chosen, media: LibraryMedia | undefined): LibrarySelection {
  return chosen.all ? { all: { ...(media ? { media } : {}), before: chosen.before, except: [...chosen.except] } } : { task_ids: [...chosen.ids] };
}
