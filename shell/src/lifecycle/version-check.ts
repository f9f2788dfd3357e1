/**
 * New-version check: the shell's index.html names its hashed main script (main.<hash>.js). The check
 * fetches the served index.html (no-store) 1 s after start and then periodically, and compares that name
 * with the script this page runs. A new build reloads the page once (reload guard): right away when the
 * tab is hidden, otherwise at the next route change so nobody loses what is on screen.
 */
import { MANIFEST_CHECK_DELAY_MS } from 'shared-contracts';

const MAIN_SCRIPT = /<script[^>]*\ssrc="([^"]*\/main(?:\.[0-9a-f]{6,})?\.js)"/i;

export function mainScriptOfHtml(html: string): string | null {
  const match = MAIN_SCRIPT.exec(html);
  return match ? new URL(match[1], 'http://x').pathname : null;
}

export function runningMainScript(doc: Document = document): string | null {
  for (const script of doc.querySelectorAll<HTMLScriptElement>('script[src]')) {
    const path = new URL(script.src, doc.baseURI).pathname;
    if (/\/main(?:\.[0-9a-f]{6,})?\.js$/.test(path)) return path;
  }
  return null;
}

export interface VersionCheckDeps {
  intervalMs: number;
  fetchImpl?: typeof fetch;
  indexUrl?: string;
  onNewVersion(served: string): void;
  doc?: Document;
  /** delay of the first check; 1 s by default */
  firstDelayMs?: number;
}

export function startVersionCheck(deps: VersionCheckDeps): () => void {
  const doc = deps.doc ?? document;
  const running = runningMainScript(doc);
  const doFetch = deps.fetchImpl ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  let stopped = false;
  let reported = false;
  const check = async () => {
    if (stopped || reported || !running) return;
    try {
      const response = await doFetch(`${deps.indexUrl ?? '/index.html'}?_t=${Date.now()}`, { cache: 'no-store' });
      if (!response.ok) return;
      const served = mainScriptOfHtml(await response.text());
      if (served && served !== running) {
        reported = true;
        deps.onNewVersion(served);
      }
    } catch (error) {
      console.info('[shell] version check failed', error);
    }
  };
  const first = setTimeout(() => void check(), Math.max(0, deps.firstDelayMs ?? MANIFEST_CHECK_DELAY_MS));
  const every = setInterval(() => void check(), deps.intervalMs);
  return () => {
    stopped = true;
    clearTimeout(first);
    clearInterval(every);
  };
}
