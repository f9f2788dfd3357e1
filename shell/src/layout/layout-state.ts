import { proxy } from 'valtio/vanilla';

/**
 * Chrome state: the phone drawer, the desktop sidebar width, and the tablet's narrow rail opened wide over
 * the page by the menu button (the page keeps its place; a click outside, Escape or a navigation closes it).
 */
export const layoutState = proxy({ drawerOpen: false, sidebarCollapsed: false, tabletMenuOpen: false });
