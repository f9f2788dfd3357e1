/**
 * The shell's history: react-router's own browser history (the one its routers use), wrapped so a leave
 * guard can hold a navigation until the person answers. The data router (createBrowserRouter) has this
 * built in as useBlocker, but it brings loaders, actions, fetchers and revalidation this product never
 * uses: ~17 KB gzip of every first load (issue 13). The declarative router over this history
 * (src/routing/shell-router.tsx) plus src/routing/use-blocker.ts do what the leave guards need.
 * Type imports only: this module is part of the react-router the shell provides (src/vendor/).
 */
import type { Blocker, BlockerFunction, Location, NavigationType, UNSAFE_createBrowserHistory } from 'react-router';

export type History = ReturnType<typeof UNSAFE_createBrowserHistory>;
type Update = Parameters<Parameters<History['listen']>[0]>[0];

interface LeaveGuard {
  shouldBlock: BlockerFunction;
  /** the guard's blocker changed (blocked, proceeding, unblocked) */
  onChange(blocker: Blocker): void;
}

export interface BlockingHistory extends History {
  /** adds a guard consulted before every navigation; returns its removal */
  addGuard(guard: LeaveGuard): () => void;
}

export const UNBLOCKED: Blocker = { state: 'unblocked', proceed: undefined, reset: undefined, location: undefined };

export function withBlocking(base: History): BlockingHistory {
  const guards = new Set<LeaveGuard>();
  /** the location the router shows (during a back/forward the browser's URL is already the next one) */
  let shown: Location = base.location;
  let held: { guard: LeaveGuard; go: () => void } | null = null;
  let proceeding: LeaveGuard | null = null;
  /** the pop that puts back the entry a held back/forward left: the router never saw it */
  let revertPop = false;
  /** the pop a proceeding back/forward makes: it passes the guards */
  let passPop = false;

  function blockingGuard(nextLocation: Location, historyAction: NavigationType): LeaveGuard | null {
    for (const guard of guards) if (guard.shouldBlock({ currentLocation: shown, nextLocation, historyAction })) return guard;
    return null;
  }

  function hold(guard: LeaveGuard, location: Location, go: () => void): void {
    held = { guard, go };
    guard.onChange({
      state: 'blocked',
      location,
      proceed() {
        if (held?.guard !== guard) return;
        const { go: resume } = held;
        held = null;
        proceeding = guard;
        guard.onChange({ state: 'proceeding', proceed: undefined, reset: undefined, location });
        resume();
      },
      reset() {
        if (held?.guard === guard) held = null;
        guard.onChange(UNBLOCKED);
      },
    });
  }

  function nextLocationOf(to: Parameters<History['push']>[0], state: unknown): Location {
    const url = base.createURL(to);
    return { pathname: decodeURI(url.pathname), search: url.search, hash: url.hash, state: state ?? null, key: '' };
  }

  function settled(): void {
    const guard = proceeding;
    proceeding = null;
    guard?.onChange(UNBLOCKED);
  }

  const history: BlockingHistory = Object.create(base) as BlockingHistory;
  Object.assign(history, {
    push(to: Parameters<History['push']>[0], state?: unknown) {
      const guard = blockingGuard(nextLocationOf(to, state), 'PUSH' as NavigationType);
      if (guard) hold(guard, nextLocationOf(to, state), () => base.push(to, state));
      else base.push(to, state);
    },
    replace(to: Parameters<History['replace']>[0], state?: unknown) {
      const guard = blockingGuard(nextLocationOf(to, state), 'REPLACE' as NavigationType);
      if (guard) hold(guard, nextLocationOf(to, state), () => base.replace(to, state));
      else base.replace(to, state);
    },
    listen(listener: (update: Update) => void) {
      return base.listen((update) => {
        if (String(update.action) === 'POP') {
          if (revertPop) {
            revertPop = false;
            return;
          }
          const guard = passPop ? null : blockingGuard(update.location, update.action);
          passPop = false;
          // a back/forward has already moved the browser: go back to where the router is, and ask
          if (guard && update.delta) {
            const { delta } = update;
            revertPop = true;
            base.go(-delta);
            hold(guard, update.location, () => {
              passPop = true;
              base.go(delta);
            });
            return;
          }
        }
        shown = update.location;
        listener(update);
        settled();
      });
    },
    addGuard(guard: LeaveGuard) {
      guards.add(guard);
      return () => {
        guards.delete(guard);
        if (held?.guard === guard) held = null;
        if (proceeding === guard) proceeding = null;
      };
    },
  });
  return history;
}
