/** Where injected CMS blocks go; the layout renders these containers, the lazily loaded injector fills them. */
export const CONTENT_SLOT_ID = 'shell-cms-content';
export const BOTTOM_SLOT_ID = 'shell-cms-bottom';
