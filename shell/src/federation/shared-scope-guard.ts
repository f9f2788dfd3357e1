/**
 * Development-only runtime plugin (one concern): after each remote module loads, look at the share scope
 * and warn when a shared singleton has been loaded in two versions (a remote brought its own copy: two
 * Reacts, two emotions, two contracts). Production builds leave it out (remote-runtime registers it only
 * when process.env.NODE_ENV is not 'production', which the bundler replaces, so the code is dropped). A
 * remote built against another major of the contract never gets this far: the contract guard
 * (contract-guard.ts, every build) refuses its manifest.
 */
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { SHARED_SINGLETONS } from 'shared-contracts/remotes';

/** The part of the runtime's share scope map the guard reads. */
export interface ShareScopeView {
  [scope: string]: { [pkgName: string]: { [version: string]: { from: string; loaded?: boolean; loading?: unknown; useIn?: string[] } } };
}

/** The warnings the share scope deserves now (pure, for tests). */
export function shareScopeWarnings(scopes: ShareScopeView, singletons: readonly string[] = SHARED_SINGLETONS): string[] {
  const warnings: string[] = [];
  for (const [scopeName, scope] of Object.entries(scopes)) {
    for (const name of singletons) {
      const versions = Object.entries(scope[name] ?? {});
      const inUse = versions.filter(([, shared]) => shared.loaded || shared.loading);
      if (inUse.length > 1) {
        const list = inUse.map(([version, shared]) => `${version} from ${shared.from}`).join(', ');
        warnings.push(`[shell] ${name} is a shared singleton but ${inUse.length} copies are loaded in scope "${scopeName}": ${list}`);
      }
    }
  }
  return warnings;
}

export function sharedScopeGuard(): ModuleFederationRuntimePlugin {
  const said = new Set<string>();
  return {
    name: 'shell-shared-scope-guard',
    onLoad(args) {
      for (const warning of shareScopeWarnings(args.origin.shareScopeMap as unknown as ShareScopeView)) {
        if (said.has(warning)) continue;
        said.add(warning);
        console.warn(warning);
      }
      return args;
    },
  };
}
