/**
 * CMS blocks may carry scripts. A script put in the page by innerHTML, or one the gateway made inert in the
 * first HTML, does not run: it is re-created here, with the page's CSP nonce (the gateway's script-src
 * allows nothing inline without it; a nonce the CMS wrote is not ours), and its original type back.
 */
import { PRERENDER_SCRIPT_TYPE, PRERENDER_SCRIPT_TYPE_ATTR } from 'shared-contracts';

/**
 * The CSP nonce the gateway gave this page's own scripts. Browsers hide the attribute of parser-inserted
 * scripts (getAttribute answers ''), the `nonce` property keeps it.
 */
export function pageNonce(doc: Document): string {
  for (const script of doc.querySelectorAll<HTMLScriptElement>('script[nonce]')) {
    const nonce = script.nonce || script.getAttribute('nonce');
    if (nonce) return nonce;
  }
  return '';
}

/** A runnable copy of a script element (the inert marker dropped, the original type restored). */
export function freshScript(doc: Document, old: Element, nonce: string): HTMLScriptElement {
  const fresh = doc.createElement('script');
  const inert = old.getAttribute('type') === PRERENDER_SCRIPT_TYPE;
  for (const attr of [...old.attributes]) {
    if (attr.name === 'nonce' || (inert && (attr.name === 'type' || attr.name === PRERENDER_SCRIPT_TYPE_ATTR))) continue;
    fresh.setAttribute(attr.name, attr.value);
  }
  const original = inert ? old.getAttribute(PRERENDER_SCRIPT_TYPE_ATTR) : null;
  if (original) fresh.setAttribute('type', original);
  if (nonce) fresh.setAttribute('nonce', nonce);
  fresh.textContent = old.textContent;
  return fresh;
}

/** Runs the inert scripts the gateway left in a prerendered block (each replaced by its runnable copy). */
export function runInertScripts(doc: Document, root: ParentNode): void {
  const nonce = pageNonce(doc);
  for (const old of root.querySelectorAll(`script[type="${PRERENDER_SCRIPT_TYPE}"]`)) old.replaceWith(freshScript(doc, old, nonce));
}
