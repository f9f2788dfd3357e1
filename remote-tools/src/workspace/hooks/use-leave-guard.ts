import { useCallback, useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';

/**
 * Asks before leaving while `reason` is set (spec section 4 leave guards): in-app navigation is held by
 * react-router's useBlocker (the caller shows the Reminder modal while blocked), closing or reloading the
 * tab by the browser's own beforeunload prompt.
 */
export function useLeaveGuard(reason: string | null) {
  const reasonRef = useRef(reason);
  reasonRef.current = reason;
  const blocker = useBlocker(
    useCallback(({ currentLocation, nextLocation }: { currentLocation: { pathname: string }; nextLocation: { pathname: string } }) => {
      return reasonRef.current !== null && currentLocation.pathname !== nextLocation.pathname;
    }, []),
  );

  useEffect(() => {
    if (!reason) return;
    function onBeforeUnload(event: BeforeUnloadEvent) {
      event.preventDefault();
      event.returnValue = reasonRef.current ?? '';
      return reasonRef.current ?? '';
    }
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [reason]);

  useEffect(() => {
    if (blocker.state === 'blocked' && !reason) blocker.proceed();
  }, [blocker, reason]);

  return blocker;
}
