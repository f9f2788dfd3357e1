import { proxy } from 'valtio/vanilla';

/** Chrome state: the phone drawer and the desktop sidebar width. */
export const layoutState = proxy({ drawerOpen: false, sidebarCollapsed: false });
