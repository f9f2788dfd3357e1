/**
 * How a list's pictures load (issue 25): the ones that can be on the first screen load at once, the first of
 * them (the page's likely largest paint) at high priority; the rest wait until they come near the view.
 * Four covers a phone's first screen of two-column cards and a desktop's first row.
 */
export const FIRST_SCREEN_PICTURES = 4;

export interface PictureLoading {
  loading: 'eager' | 'lazy';
  fetchPriority: 'high' | 'auto';
}

/** The loading attributes of a list's picture at this index (0 first). */
export function pictureLoading(index: number, eager = FIRST_SCREEN_PICTURES): PictureLoading {
  return { loading: index < eager ? 'eager' : 'lazy', fetchPriority: index === 0 ? 'high' : 'auto' };
}
