import { createContext, useContext, useLayoutEffect, useState } from 'react';
import { FIRST_SCREEN_DATA_ID, FIRST_SCREEN_PRERENDER_ID, type FirstScreenData } from 'shared-contracts/first-load';

/**
 * How a list's pictures load (issue 25): the ones that can be on the first screen load at once, the first row
 * of them (where the page's largest paint is) at high priority; the rest wait until they come near the view.
 * Four covers a phone's first screen of two-column cards and a desktop's first row; a two-column grid's first
 * row is two pictures, either of which may be the largest.
 */
export const FIRST_SCREEN_PICTURES = 4;
export const GRID_FIRST_ROW = 2;

export interface PictureLoading {
  loading: 'eager' | 'lazy';
  fetchPriority: 'high' | 'auto';
}

/** The loading attributes of a list's picture at this index (0 first): `eager` of them at once, the first `high` at high priority. */
export function pictureLoading(index: number, eager = FIRST_SCREEN_PICTURES, high = 1): PictureLoading {
  return { loading: index < eager ? 'eager' : 'lazy', fetchPriority: index < high ? 'high' : 'auto' };
}

/**
 * The route's page takes over from its first screen's copy in a visitor's first HTML (shared-contracts/first-load's
 * FIRST_SCREEN_PRERENDER_ID, ui-kit/first-screen-server): the copy is removed in the commit that first draws the
 * page, before the browser paints it, so the page replaces it in one frame.
 */
export function useFirstScreenTakeover(): void {
  useLayoutEffect(() => {
    document.getElementById(FIRST_SCREEN_PRERENDER_ID)?.remove();
  }, []);
}

/** The answers a server render of a first screen was given (first-screen-server's renderFirstScreen); none in a browser. */
export const FirstScreenDataContext = createContext<FirstScreenData | null>(null);

/** The page's answer for `url`, taken out of its block (each answer is handed out once: a later visit to the page asks again). */
function takeFromPage(url: string): unknown {
  const block = typeof document === 'undefined' ? null : document.getElementById(FIRST_SCREEN_DATA_ID);
  if (!block?.textContent) return undefined;
  try {
    const answers = JSON.parse(block.textContent) as FirstScreenData;
    if (!answers || typeof answers !== 'object' || !(url in answers)) return undefined;
    const { [url]: answer, ...rest } = answers;
    block.textContent = JSON.stringify(rest);
    return answer;
  } catch {
    return undefined;
  }
}

/**
 * The answer of the call `url` (path and query, as the module's `firstScreenCalls` names it) that the first screen
 * was rendered with: on the server the gateway's, in the browser the page's data block (FIRST_SCREEN_DATA_ID), handed
 * to the first component that asks; undefined when there is none. A component starts from it, so its first render
 * is the copy's and it need not ask again.
 */
export function useFirstScreenData<T>(url: string): T | undefined {
  const server = useContext(FirstScreenDataContext);
  const [answer] = useState(() => (server ? server[url] : takeFromPage(url)));
  return answer as T | undefined;
}
