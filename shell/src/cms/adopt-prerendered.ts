/**
 * The gateway prerenders a visitor's CMS blocks into the page (services/gateway/src/seo.ts), beside #root.
 * Once the layout's slots exist, they move in there, so the content stays where the injector would have
 * put it (no flash, no second fetch); they carry the injected marker, so the next route's injection
 * replaces them as it replaces its own. Their scripts, inert in the first HTML, run then (with the page's nonce).
 */
import { PRERENDER_BOTTOM_ID, PRERENDER_CONTENT_ID, PRERENDER_SCRIPT_TYPE } from 'shared-contracts';
import { freshScript, pageNonce, runInertScripts } from './run-scripts';
import { BOTTOM_SLOT_ID, CMS_INJECTED_ATTR as INJECTED_ATTR, CONTENT_SLOT_ID, removeInjected } from './slots';

function markHeadBlock(doc: Document, runScripts = true): void {
  let inside = false;
  for (const node of [...doc.head.childNodes]) {
    if (node.nodeType === Node.COMMENT_NODE) {
      const text = node.textContent?.trim();
      if (text === 'cms-head-start' || text === 'cms-head-end') {
        inside = text === 'cms-head-start';
        node.remove();
        continue;
      }
    }
    if (inside && node instanceof Element) {
      node.setAttribute(INJECTED_ATTR, '');
      if (runScripts && node.getAttribute('type') === PRERENDER_SCRIPT_TYPE) node.replaceWith(freshScript(doc, node, pageNonce(doc)));
    }
  }
}

export function adoptPrerendered(doc: Document = document, giveUpMs = 30000): () => void {
  markHeadBlock(doc);
  const pairs = [
    [PRERENDER_CONTENT_ID, CONTENT_SLOT_ID],
    [PRERENDER_BOTTOM_ID, BOTTOM_SLOT_ID],
  ] as const;
  const pending = new Set(pairs.filter(([from]) => doc.getElementById(from)));
  if (pending.size === 0) return () => undefined;
  const move = () => {
    for (const pair of [...pending]) {
      const [fromId, slotId] = pair;
      const from = doc.getElementById(fromId);
      const slot = doc.getElementById(slotId);
      if (!from) pending.delete(pair);
      else if (slot) {
        slot.appendChild(from);
        // the block's scripts run once it is in place, as they do when the injector puts a block in
        runInertScripts(doc, from);
        pending.delete(pair);
      }
    }
    return pending.size === 0;
  };
  if (move()) return () => undefined;
  const observer = new MutationObserver(() => {
    if (move()) stop();
  });
  const timer = setTimeout(() => stop(), giveUpMs);
  function stop() {
    observer.disconnect();
    clearTimeout(timer);
  }
  observer.observe(doc.body, { childList: true, subtree: true });
  return stop;
}

/**
 * The page is not a visitor's (a token the gateway did not see, or the www-sideapp embed recorded earlier in
 * this session): the prerendered blocks go, head block included, instead of moving into the layout.
 */
export function dropPrerendered(doc: Document = document): void {
  markHeadBlock(doc, false);
  removeInjected(doc);
}
