/** Runs a task once the page has loaded and the browser is idle: what the first paint does not need waits. */
export function afterLoad(task: () => void, win: Window = window): void {
  const idle = () => {
    const w = win as Window & { requestIdleCallback?: (cb: () => void, options?: { timeout: number }) => number };
    if (typeof w.requestIdleCallback === 'function') w.requestIdleCallback(task, { timeout: 2000 });
    else win.setTimeout(task, 0);
  };
  if (win.document.readyState === 'complete') idle();
  else win.addEventListener('load', idle, { once: true });
}
