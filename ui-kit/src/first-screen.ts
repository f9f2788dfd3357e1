import { useLayoutEffect } from 'react';
import { FIRST_SCREEN_PRERENDER_ID } from 'shared-contracts/first-load';

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
