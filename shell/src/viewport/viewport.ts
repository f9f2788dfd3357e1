import { proxy } from 'valtio/vanilla';
import { PHONE_MAX_WIDTH, RESIZE_THROTTLE_MS, type ViewportState } from 'shared-contracts';

/** Tablet layout (narrow sidebar) from 768 up to the 1188 breakpoint; desktop from 1188. */
const TABLET_MAX_WIDTH = 1188;

export function viewportOf(width: number): ViewportState {
  return {
    width,
    isPhone: width < PHONE_MAX_WIDTH,
    isTablet: width >= PHONE_MAX_WIDTH && width < TABLET_MAX_WIDTH,
    isDesktop: width >= TABLET_MAX_WIDTH,
  };
}

/** A valtio proxy of the viewport, updated on resize at most every 200 ms (trailing call included). */
export function createViewport(win: Window = window): { state: ViewportState; dispose(): void } {
  const state = proxy<ViewportState>(viewportOf(win.innerWidth));
  let last = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const apply = () => {
    last = Date.now();
    timer = null;
    const next = viewportOf(win.innerWidth);
    if (next.width !== state.width) Object.assign(state, next);
  };
  const onResize = () => {
    const wait = RESIZE_THROTTLE_MS - (Date.now() - last);
    if (wait <= 0) apply();
    else if (!timer) timer = setTimeout(apply, wait);
  };
  win.addEventListener('resize', onResize);
  return {
    state,
    dispose() {
      win.removeEventListener('resize', onResize);
      if (timer) clearTimeout(timer);
    },
  };
}
