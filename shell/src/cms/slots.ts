/** Where injected CMS blocks go; the layout renders these containers, the lazily loaded injector fills them. */
export const CONTENT_SLOT_ID = 'shell-cms-content';
export const BOTTOM_SLOT_ID = 'shell-cms-bottom';
/** Marks content the CMS put in the page (prerendered or injected), so the next injection removes it. */
export const CMS_INJECTED_ATTR = 'data-cms-injected';

/** Removes what the CMS put in the page (prerendered or injected): a person who signs in no longer gets it. */
export function removeInjected(doc: Document = document): void {
  doc.querySelectorAll(`[${CMS_INJECTED_ATTR}]`).forEach((element) => element.remove());
}
