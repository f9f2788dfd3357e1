import { useCallback, useEffect, useRef, useState } from 'react';
import { EXPLORE_PAGE_SIZE, useShell, type ApiCallData, type ExploreEntry } from 'shared-contracts';
import { messageOf } from '@studio/ui-kit/errors';
import { useFirstScreenData } from '@studio/ui-kit/first-screen';

/**
 * The gallery's first page as the page first asks for it (no filter), as a path: the call the gallery's first screen
 * names to the gateway (first-screen/server.tsx), whose answer a visitor's first HTML carries.
 */
export const EXPLORE_FIRST_PAGE_PATH = `/v1/workflow/explore/list?page=1&page_size=${EXPLORE_PAGE_SIZE}`;

export type ExploreMedia = '' | 'video' | 'image' | 'audio';

export interface ExploreListState {
  items: ExploreEntry[];
  /** null until the first page answered */
  total: number | null;
  loading: boolean;
  error: string | null;
}

/**
 * The gallery's pages: the next page is asked for from the number of items loaded (page = loaded / 20 + 1),
 * answers of a previous filter are dropped, and an item can leave the list (reported, unpublished).
 */
export function useExploreList(media: ExploreMedia, recommend: boolean, viewer: string, pageSize = EXPLORE_PAGE_SIZE) {
  const shell = useShell();
  // the first page the first HTML carried (the gateway's, for a visitor's first /explore): the list starts from it
  // (an empty one is asked for again: the showcase may have filled it since)
  const carried = useFirstScreenData<ApiCallData<'GET /v1/workflow/explore/list'>>(EXPLORE_FIRST_PAGE_PATH);
  const [state, setState] = useState<ExploreListState>(() =>
    carried?.list.length && !media && !recommend && pageSize === EXPLORE_PAGE_SIZE
      ? { items: carried.list, total: carried.paginate.total, loading: false, error: null }
      : { items: [], total: null, loading: false, error: null },
  );
  const startedFromCarried = useRef(state.total !== null);
  const current = useRef(state);
  current.current = state;
  const generation = useRef(0);
  const busy = useRef(false);

  const loadMore = useCallback(async () => {
    const { items, total } = current.current;
    if (busy.current || (total !== null && items.length >= total)) return;
    busy.current = true;
    const mine = generation.current;
    setState((s) => ({ ...s, loading: true, error: null }));
    try {
      const page = Math.floor(items.length / pageSize) + 1;
      const answer = await shell.api.call('GET /v1/workflow/explore/list', {
        query: { page, page_size: pageSize, ...(media ? { media } : {}), ...(recommend ? { recommend: 1 } : {}) },
      });
      if (mine !== generation.current) return;
      setState((s) => {
        const known = new Set(s.items.map((item) => item.id));
        const fresh = answer.list.filter((item) => !known.has(item.id));
        return { items: [...s.items, ...fresh], total: answer.paginate.total, loading: false, error: null };
      });
    } catch (error) {
      if (mine === generation.current) setState((s) => ({ ...s, loading: false, error: messageOf(error) }));
    } finally {
      if (mine === generation.current) busy.current = false;
    }
  }, [shell, media, recommend, pageSize]);

  useEffect(() => {
    // the carried first page is this filter's first page: nothing to ask for until the end comes into view
    if (startedFromCarried.current) {
      startedFromCarried.current = false;
      return;
    }
    generation.current += 1;
    busy.current = false;
    current.current = { items: [], total: null, loading: false, error: null };
    setState(current.current);
    void loadMore();
  }, [loadMore, viewer]);

  const remove = useCallback((id: number) => {
    setState((s) => ({ ...s, items: s.items.filter((item) => item.id !== id), total: s.total === null ? null : Math.max(0, s.total - 1) }));
  }, []);
  const update = useCallback((entry: ExploreEntry) => {
    setState((s) => ({ ...s, items: s.items.map((item) => (item.id === entry.id ? { ...item, ...entry } : item)) }));
  }, []);

  const done = state.total !== null && state.items.length >= state.total;
  return { ...state, done, loadMore, remove, update };
}
