/**
 * When the phone pop-up may open. It waits for the visitor's first scroll: a dialog that covers a phone's
 * screen before the visitor has engaged with the page hides what they came for (search engines count such
 * interstitials against a page), and its picture would become the page's largest paint. A tap or a key is
 * not that signal: it is the visitor doing something (opening the menu, pressing Login), and a pop-up
 * opened by it covers the very thing they asked for. Nor does it open over another dialog: it waits for
 * that one to close.
 */
const EVENTS = ['scroll', 'wheel'] as const;

export function onFirstEngagement(callback: () => void, win: Window = window): () => void {
  let done = false;
  const fire = () => {
    if (done) return;
    done = true;
    stop();
    callback();
  };
  function stop() {
    for (const name of EVENTS) win.removeEventListener(name, fire, { capture: true });
  }
  for (const name of EVENTS) win.addEventListener(name, fire, { capture: true, passive: true });
  return stop;
}

/** A modal dialog of any remote (ui-kit's Dialog, the login frame's) is open on the page. */
export function modalOpen(doc: Document = document): boolean {
  return doc.querySelector('[role="dialog"][aria-modal="true"], [role="alertdialog"][aria-modal="true"]') !== null;
}

/** Calls back once no modal dialog is open (at once when none is); the answer stops waiting. */
export function whenNoModal(callback: () => void, doc: Document = document): () => void {
  if (!modalOpen(doc)) {
    callback();
    return () => undefined;
  }
  const observer = new MutationObserver(() => {
    if (modalOpen(doc)) return;
    observer.disconnect();
    callback();
  });
  observer.observe(doc.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['aria-modal', 'role'] });
  return () => observer.disconnect();
}
