/**
 * Where the customer chat's launcher sits (the bottom right corner) and the gutter the page keeps for it
 * while it shows, so it covers no card title, status or action there (from 768 px; a phone has no width
 * to spare). The chat marks <html> while its launcher is visible; the layout reads the mark.
 */
export const CHAT_LAUNCHER_ATTR = 'data-chat-launcher';
export const LAUNCHER = { right: 20, bottom: 20, size: 56 } as const;
/** the launcher's width and its margin, less the 24-32 px every page keeps at its right edge anyway */
export const CHAT_GUTTER = LAUNCHER.size + LAUNCHER.right - 16;

export function markLauncher(doc: Document, visible: boolean): void {
  doc.documentElement.toggleAttribute(CHAT_LAUNCHER_ATTR, visible);
}
