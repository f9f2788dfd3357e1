import { createContext, useContext } from 'react';
import type { RemoteRuntime } from '../federation/remote-runtime';
import type { ShellRuntimeConfig } from '../config/shell-config';
import type { ToastStore } from '../toast/toast-store';

/** What the shell's own components need beyond the public ShellApi. */
export interface ShellInternals {
  runtime: RemoteRuntime;
  config: ShellRuntimeConfig;
  toasts: ToastStore;
  /** the session's embedmode flag (spec section 3: session flag embedmode) */
  embedMode(): string;
}

export const ShellInternalsContext = createContext<ShellInternals | null>(null);

export function useShellInternals(): ShellInternals {
  const value = useContext(ShellInternalsContext);
  if (!value) throw new Error('ShellInternalsContext missing');
  return value;
}
