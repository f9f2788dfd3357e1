/**
 * useBlocker for the shell's router: the same call and answer as react-router's (which needs its data
 * router), over the shell's blocking history (blocking-history.ts). The shell provides it under the
 * react-router share key (src/vendor/react-router-client.ts), so ui-kit's useLeaveGuard in a remote holds
 * navigations in the product as react-router's own does in the remotes' tests (a memory data router).
 * No react-router value is imported here: this module is part of the react-router the shell provides.
 */
import { createContext, useContext, useEffect, useRef, useState } from 'react';
import type { Blocker, BlockerFunction, useBlocker as routerUseBlocker } from 'react-router';
import { UNBLOCKED, type BlockingHistory } from './blocking-history';

/** the history the shell's router navigates with (set by ShellRouter) */
export const BlockingHistoryContext = createContext<BlockingHistory | null>(null);

export const useBlocker: typeof routerUseBlocker = (shouldBlock: boolean | BlockerFunction): Blocker => {
  const history = useContext(BlockingHistoryContext);
  if (!history) throw new Error('useBlocker must be used inside the shell router');
  const [blocker, setBlocker] = useState<Blocker>(UNBLOCKED);
  const latest = useRef(shouldBlock);
  latest.current = shouldBlock;
  useEffect(
    () =>
      history.addGuard({
        shouldBlock: (args) => (typeof latest.current === 'function' ? latest.current(args) : latest.current),
        onChange: setBlocker,
      }),
    [history],
  );
  return blocker;
};
