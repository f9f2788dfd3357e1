/**
 * Where the customer chat's launcher sits (the bottom right corner) and the gutter the page keeps for it, so
 * it covers no card title, status or action there (from 768 px; a phone has no width to spare). The chat marks
 * <html> while its launcher is visible; the layout reads the mark. A visitor's first HTML on the chat's routes
 * carries the mark already (server-header.tsx), so the page, its first screen's copy included, has the gutter
 * from its first frame and the launcher's arrival after the load moves nothing (issue 25: layout shift).
 */
export const CHAT_LAUNCHER_ATTR = 'data-chat-launcher';
export const LAUNCHER = { right: 20, bottom: 20, size: 56 } as const;
/** the launcher's width and its margin, less the 24-32 px every page keeps at its right edge anyway */
export const CHAT_GUTTER = LAUNCHER.size + LAUNCHER.right - 16;
/** where the gutter is kept */
export const CHAT_GUTTER_MEDIA = '@media (min-width: 768px)';
/** the routes the customer chat shows on (Home) */
const CHAT_ROUTES = ['/home', '/'];

export function isChatRoute(path: string): boolean {
  return CHAT_ROUTES.includes(path.replace(/\/+$/, '') || '/');
}

export function markLauncher(doc: Document, visible: boolean): void {
  doc.documentElement.toggleAttribute(CHAT_LAUNCHER_ATTR, visible);
}
