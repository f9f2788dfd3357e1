/**
 * The federation runtime's snapshot handler as the shell builds it: in place of
 * @module-federation/runtime-core's plugins/snapshot/SnapshotHandler.js (FederationRuntimeEsmPlugin,
 * rspack.shared.ts, swaps the file in the shell's build only). The shell is built with
 * `disableSnapshot` (shell/rspack.config.ts): the runtime registers remotes by their entry script and the
 * shell reads their manifests itself (remote-runtime.ts), so the handler's manifest fetching, snapshot
 * generation and global snapshot store never run, yet the runtime still constructs it: 1.3 KB brotli of
 * every first load (issue 25). What the runtime does touch is kept: `manifestCache` (removeRemote, on a
 * forced re-register, deletes the entry from it), `hooks` (every registered plugin is applied to them;
 * no snapshot hook is ever emitted) and getGlobalRemoteInfo (removeRemote: a host snapshot is only ever
 * recorded by the real handler, so there is none). preloadRemote, the one caller of
 * loadRemoteSnapshotInfo, is used by neither the shell nor the remotes; it fails with a message that says why.
 */
export class SnapshotHandler {
  manifestCache = new Map<string, unknown>();
  hooks = {
    applyPlugin(): void {},
    removePlugin(): void {},
  };

  loadRemoteSnapshotInfo(): Promise<never> {
    return Promise.reject(new Error('[shell] preloadRemote: the shell is built with disableSnapshot'));
  }
}

export function getGlobalRemoteInfo(): { hostGlobalSnapshot: undefined } {
  return { hostGlobalSnapshot: undefined };
}
