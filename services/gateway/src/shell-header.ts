/**
 * The shell's header in a visitor's first HTML (issue 25: the first working click). The shell's build bundles its
 * header for Node (shared-contracts' SHELL_HEADER_FILE in shell/dist); this loads it, again when the shell is
 * rebuilt, and renders it per path (the menu marks the page's item), the markup cached. The page gets the copy
 * before `#root`, with its script under the page's nonce; the shell's header replaces it when it mounts.
 */
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { SHELL_HEADER_FILE, type ShellHeaderModule } from 'shared-contracts/first-load';
import { loadServerBundle } from './server-bundle.js';

/** paths whose markup is kept (a visitor's pages are the route table's: a few dozen) */
const CACHED_PATHS = 500;

export function shellHeaderRenderer(shellDist: string, log: FastifyBaseLogger) {
  const file = path.join(shellDist, SHELL_HEADER_FILE);
  let loaded: { mtimeMs: number; mod: ShellHeaderModule | null } | null = null;
  const rendered = new Map<string, { html: string; script: string }>();
  const moduleNow = (): ShellHeaderModule | null => {
    if (!existsSync(file)) return null;
    const { mtimeMs } = statSync(file);
    if (loaded?.mtimeMs !== mtimeMs) {
      rendered.clear();
      try {
        // loaded afresh each time: a rebuilt shell's new file
        const mod = loadServerBundle(file) as Partial<ShellHeaderModule>;
        loaded = { mtimeMs, mod: typeof mod.shellHeaderHtml === 'function' ? (mod as ShellHeaderModule) : null };
      } catch (error) {
        log.warn({ err: error, file }, 'prerender: no server rendering of the shell header');
        loaded = { mtimeMs, mod: null };
      }
    }
    return loaded.mod;
  };
  /** The header's copy and its script for `pathname` ('' when the shell has no such build). */
  return (pathname: string, nonce: string | undefined): string => {
    const mod = moduleNow();
    if (!mod) return '';
    let copy = rendered.get(pathname);
    if (!copy) {
      try {
        copy = mod.shellHeaderHtml(pathname);
      } catch (error) {
        log.warn({ err: error, path: pathname }, 'prerender: the shell header did not render');
        return '';
      }
      if (rendered.size >= CACHED_PATHS) rendered.clear();
      rendered.set(pathname, copy);
    }
    if (!copy.script) return copy.html;
    const script = copy.script.replace(/<\/script/gi, '<\\/script');
    return `${copy.html}<script${nonce ? ` nonce="${nonce}"` : ''}>${script}</script>`;
  };
}
