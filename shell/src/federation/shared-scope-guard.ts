/**
 * Development-only runtime plugin (one concern): after each remote module loads, look at the share scope
 * and warn when a shared singleton has been loaded in two versions (a remote brought its own copy: two
 * Reacts, two emotions, two contracts) or when a remote was built against another major of the contract
 * than the shell (CONTRACT_VERSION). Production builds leave it out (remote-runtime registers it only when
 * process.env.NODE_ENV is not 'production', which the bundler replaces, so the code is dropped).
 */
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { CONTRACT_VERSION } from 'shared-contracts';
import { SHARED_SINGLETONS } from 'shared-contracts/remotes';

/** The part of the runtime's share scope map the guard reads. */
export interface ShareScopeView {
  [scope: string]: { [pkgName: string]: { [version: string]: { from: string; loaded?: boolean; loading?: unknown; useIn?: string[] } } };
}

const major = (version: string) => version.replace(/^[^\d]*/, '').split('.')[0];

/** The warnings the share scope deserves now (pure, for tests). */
export function shareScopeWarnings(scopes: ShareScopeView, contractVersion = CONTRACT_VERSION, singletons: readonly string[] = SHARED_SINGLETONS): string[] {
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
    for (const [version, shared] of Object.entries(scope['shared-contracts'] ?? {})) {
      if (major(version) !== major(contractVersion)) {
        warnings.push(`[shell] ${shared.from} was built against shared-contracts ${version}; the shell speaks ${contractVersion} (another major: see shared-contracts/CHANGELOG.md)`);
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
