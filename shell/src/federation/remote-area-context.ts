import { createContext, type ReactNode } from 'react';

export interface RemoteAreaContextValue {
  /** human name of the area, e.g. 'Image to Video' */
  area: string;
  /** the federated module, e.g. remote_create/CreateScreen */
  module: string;
  /** builds a fresh load of the module */
  retry(): void;
  /** what this area shows when its remote failed */
  renderFallback(error: unknown): ReactNode;
}

export const RemoteAreaContext = createContext<RemoteAreaContextValue | null>(null);

/** Marks the module the fallback plugin hands back instead of the remote's; never cached. */
export const REMOTE_FALLBACK = '__shellRemoteFallback' as const;
