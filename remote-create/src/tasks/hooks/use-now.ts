import { useEffect, useState } from 'react';
import { PROGRESS_TICK_MS } from 'shared-contracts';

/** The current time, refreshed every tick while `active` (the progress curve's clock). */
export function useNow(active: boolean, tickMs: number = PROGRESS_TICK_MS): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), tickMs);
    return () => window.clearInterval(timer);
  }, [active, tickMs]);
  return now;
}
