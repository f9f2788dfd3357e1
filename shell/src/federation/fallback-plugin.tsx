/**
 * Runtime plugin (one concern): when a remote module cannot be loaded, `errorLoadRemote` yields a fallback
 * module instead of an exception. Its component renders the fallback of the area it was asked for (which
 * area failed, a Retry that builds a fresh load), so a down remote never takes the rest of the page down.
 */
import { useContext, type ReactElement } from 'react';
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { REMOTE_FALLBACK, RemoteAreaContext } from './remote-area-context';

export interface FallbackModule {
  default: () => ReactElement | null;
  [REMOTE_FALLBACK]: { id: string; error: unknown };
}

export function createFallbackModule(id: string, error: unknown): FallbackModule {
  function RemoteUnavailable() {
    const area = useContext(RemoteAreaContext);
    if (area) return <>{area.renderFallback(error)}</>;
    return (
      <p role="alert" css={{ padding: 16 }}>
        {id} could not be loaded.
      </p>
    );
  }
  return { default: RemoteUnavailable, [REMOTE_FALLBACK]: { id, error } };
}

export function isFallbackModule(value: unknown): value is FallbackModule {
  return typeof value === 'object' && value !== null && REMOTE_FALLBACK in value;
}

export function fallbackPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'shell-fallback-plugin',
    async errorLoadRemote(args) {
      // manifest and entry failures surface again at onLoad; only a module request gets the fallback,
      // so nothing fake is cached as a manifest
      if (args.lifecycle !== 'onLoad') return undefined;
      console.warn(`[shell] remote module ${args.id} failed to load; showing its fallback`, args.error);
      return createFallbackModule(args.id, args.error);
    },
  };
}
