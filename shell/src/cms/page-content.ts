/**
 * Page content injection of spec section 4 (loaded as its own chunk on the first route change):
 * GET /api/cms-data/{base64 of the route path}; only for logged-out visitors outside the www-sideapp embed;
 * answers cached 5 minutes; requests debounced 300 ms; injection 50 ms after the answer; earlier injected
 * content is removed first; scripts in the HTML are re-created so they run; the first time blocks appear
 * the template stylesheet is loaded; an event announces the injection. No fetch on the initial load or
 * when the path is unchanged. Failures are logged only.
 */
import { freshScript, pageNonce } from './run-scripts';
import { BOTTOM_SLOT_ID, CMS_INJECTED_ATTR, CONTENT_SLOT_ID, removeInjected } from './slots';
import { CMS_CACHE_MS, CMS_DEBOUNCE_MS, CMS_INJECT_DELAY_MS, type ApiClient, type CmsContent, type CmsResponse, type EventBus } from 'shared-contracts';

export const INJECTED_ATTR = CMS_INJECTED_ATTR;
export const INJECTED_EVENT = 'shell:content-injected';

export interface PageContentDeps {
  api: ApiClient;
  bus: EventBus;
  /** logged out and not embedded as www-sideapp */
  isEligible(): boolean;
  stylesheetUrl: string;
  doc?: Document;
  now?: () => number;
}

export interface PageContent {
  /** the path the page was loaded with: never fetched */
  setInitialPath(path: string): void;
  onRouteChange(path: string): void;
  dispose(): void;
}

/** base64 of the UTF-8 path, as the CMS endpoint expects it (then URL-encoded for the path segment). */
export function encodeCmsPath(path: string): string {
  const bytes = new TextEncoder().encode(path);
  let binary = '';
  bytes.forEach((b) => {
    binary += String.fromCharCode(b);
  });
  return btoa(binary);
}

/** Drops the optional start/end marker comments around a block. */
export function unwrapBlock(html: string): string {
  return html
    .replace(/^\s*<!--\s*[\w-]*start[\w-]*\s*-->/i, '')
    .replace(/<!--\s*[\w-]*end[\w-]*\s*-->\s*$/i, '')
    .trim();
}

function setMeta(doc: Document, name: string, content: string): void {
  let element = doc.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (!element) {
    element = doc.createElement('meta');
    element.name = name;
    doc.head.appendChild(element);
  }
  element.content = content;
}

/**
 * Parses HTML into nodes; <script> elements are re-created so the browser runs them, with the page's CSP
 * nonce (the gateway's script-src allows nothing inline without it; a nonce the CMS wrote is not ours).
 */
function toNodes(doc: Document, html: string): Node[] {
  const template = doc.createElement('template');
  template.innerHTML = html;
  const nodes = [...template.content.childNodes];
  const nonce = pageNonce(doc);
  return nodes.map((node) => {
    const scripts = node instanceof Element ? (node.tagName === 'SCRIPT' ? [node] : [...node.querySelectorAll('script')]) : [];
    for (const old of scripts) {
      const fresh = freshScript(doc, old, nonce);
      if (old === node) return fresh;
      old.replaceWith(fresh);
    }
    return node;
  });
}

export function createPageContent(deps: PageContentDeps): PageContent {
  const doc = deps.doc ?? document;
  const now = deps.now ?? Date.now;
  const cache = new Map<string, { at: number; content: CmsContent | null }>();
  let lastPath: string | null = null;
  let debounce: ReturnType<typeof setTimeout> | null = null;
  let inject: ReturnType<typeof setTimeout> | null = null;
  let generation = 0;
  let stylesheetLoaded = false;

  async function fetchContent(path: string): Promise<CmsContent | null> {
    const hit = cache.get(path);
    if (hit && now() - hit.at < CMS_CACHE_MS) return hit.content;
    try {
      const answer = await deps.api.get<CmsResponse | CmsContent>(`/api/cms-data/${encodeURIComponent(encodeCmsPath(path))}`);
      // the answer is either the CMS response itself or its data (when served inside the API envelope)
      const response = answer && typeof answer === 'object' && 'success' in answer ? answer : { success: true, data: answer as CmsContent, error: null };
      const content = response.success && response.data ? response.data : null;
      if (!content) console.info(`[shell] no page content for ${path}`, response.error ?? '');
      cache.set(path, { at: now(), content });
      return content;
    } catch (error) {
      console.warn(`[shell] page content for ${path} failed`, error);
      return null;
    }
  }

  function apply(path: string, content: CmsContent): void {
    removeInjected(doc);
    const { tdk, blocks } = content;
    if (tdk?.title) doc.title = tdk.title;
    if (tdk?.description) setMeta(doc, 'description', tdk.description);
    if (tdk?.keywords) setMeta(doc, 'keywords', tdk.keywords);
    const head = unwrapBlock(blocks?.head ?? '');
    const body = unwrapBlock(blocks?.content ?? '');
    const bottom = unwrapBlock(blocks?.bottom ?? '');
    if (!head && !body && !bottom) return;
    if (!stylesheetLoaded && deps.stylesheetUrl) {
      const link = doc.createElement('link');
      link.rel = 'stylesheet';
      link.href = deps.stylesheetUrl;
      link.dataset.cmsTemplate = '';
      doc.head.appendChild(link);
    }
    stylesheetLoaded = true;
    const place = (html: string, target: Element | null) => {
      if (!html || !target) return;
      for (const node of toNodes(doc, html)) {
        if (node instanceof Element) node.setAttribute(INJECTED_ATTR, '');
        else if (node.nodeType === Node.TEXT_NODE && !node.textContent?.trim()) continue;
        else {
          const wrapper = doc.createElement('span');
          wrapper.setAttribute(INJECTED_ATTR, '');
          wrapper.appendChild(node);
          target.appendChild(wrapper);
          continue;
        }
        target.appendChild(node);
      }
    };
    place(head, doc.head);
    place(body, doc.getElementById(CONTENT_SLOT_ID));
    place(bottom, doc.getElementById(BOTTOM_SLOT_ID));
    const detail = { path, blocks: { head, content: body, bottom } };
    doc.defaultView?.dispatchEvent(new CustomEvent(INJECTED_EVENT, { detail }));
    deps.bus.emit('shell:content-injected', { path, blocks: [head, body, bottom] });
  }

  function clearTimers() {
    if (debounce) clearTimeout(debounce);
    if (inject) clearTimeout(inject);
    debounce = null;
    inject = null;
  }

  return {
    setInitialPath(path) {
      lastPath = path;
    },
    onRouteChange(path) {
      if (path === lastPath) return;
      lastPath = path;
      clearTimers();
      const current = ++generation;
      if (!deps.isEligible()) {
        removeInjected(doc);
        return;
      }
      debounce = setTimeout(async () => {
        debounce = null;
        const content = await fetchContent(path);
        if (current !== generation) return;
        if (!content || !deps.isEligible()) {
          removeInjected(doc);
          return;
        }
        inject = setTimeout(() => {
          inject = null;
          if (current === generation) apply(path, content);
        }, CMS_INJECT_DELAY_MS);
      }, CMS_DEBOUNCE_MS);
    },
    dispose() {
      clearTimers();
      generation += 1;
    },
  };
}
