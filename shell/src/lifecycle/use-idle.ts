import { useEffect, useState } from 'react';

/**
 * true once the browser is idle after the first paint (at the latest after `timeoutMs`). Areas that are
 * not the page's main content wait for it, so their remotes do not compete with the page for the CPU.
 */
export function useIdle(timeoutMs = 1500): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    const done = () => setIdle(true);
    if ('requestIdleCallback' in window) {
      const id = window.requestIdleCallback(done, { timeout: timeoutMs });
      return () => window.cancelIdleCallback(id);
    }
    const id = setTimeout(done, 200);
    return () => clearTimeout(id);
  }, [timeoutMs]);
  return idle;
}
