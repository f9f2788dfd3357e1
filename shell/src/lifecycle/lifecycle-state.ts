import { reloadOnce } from './reload-guard';

/** A new build was detected; the next route change loads it (see version-check.ts). */
export const lifecycle = {
  newVersion: null as string | null,
  reloadForNewVersion(target: string): boolean {
    if (!lifecycle.newVersion) return false;
    return reloadOnce(`a new build (${lifecycle.newVersion}) is deployed`, { reload: () => window.location.assign(target) });
  },
};
