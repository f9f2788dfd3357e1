import { useCallback, useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';

/** Only a move to another page is a leave: a query change on the same screen (a tab in the URL) is not. */
export function isLeaving(current: { pathname: string }, next: { pathname: string }): boolean {
  return current.pathname !== next.pathname;
}

/**
 * Asks before leaving while `reason` is set (spec section 4 leave guards): in-app navigation is held by
 * react-router's useBlocker (the caller shows the Reminder modal while `blocker.state === 'blocked'`),
 * closing or reloading the tab by the browser's own beforeunload prompt. `allowNext()` lets one navigation
 * through (after a confirm). The screen must render inside a data router (the remotes' tests) or the shell's
 * router, whose provided react-router has its own useBlocker with the same answer (shell/src/routing/use-blocker.ts).
 */
export function useLeaveGuard(reason: string | null) {
  const reasonRef = useRef(reason);
  reasonRef.current = reason;
  const allowed = useRef(false);

  const blocker = useBlocker(
    useCallback(({ currentLocation, nextLocation }: { currentLocation: { pathname: string }; nextLocation: { pathname: string } }) => {
      if (allowed.current) {
        allowed.current = false;
        return false;
      }
      return reasonRef.current !== null && isLeaving(currentLocation, nextLocation);
    }, []),
  );

  useEffect(() => {
    if (!reason) return;
    function onBeforeUnload(event: BeforeUnloadEvent) {
      event.preventDefault();
      // older browsers show a prompt only when returnValue is set
      event.returnValue = reasonRef.current ?? '';
      return reasonRef.current ?? '';
    }
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [reason]);

  // the reason went away while a navigation was held: let it through
  useEffect(() => {
    if (blocker.state === 'blocked' && !reason) blocker.proceed();
  }, [blocker, reason]);

  const allowNext = useCallback(() => {
    allowed.current = true;
  }, []);

  return { blocker, allowNext };
}
