/**
 * Resolves on the visitor's first scroll, tap or key press. The phone pop-up waits for it: a dialog that
 * covers a phone's screen before the visitor has engaged with the page hides what they came for (search
 * engines count such interstitials against a page), and its picture would become the page's largest paint.
 */
const EVENTS = ['scroll', 'pointerdown', 'keydown', 'touchstart'] as const;

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
