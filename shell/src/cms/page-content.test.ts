import { createEventBus, type ApiClient, type CmsContent } from 'shared-contracts';
import { BOTTOM_SLOT_ID, CONTENT_SLOT_ID } from './slots';
import { createPageContent, encodeCmsPath, INJECTED_ATTR, INJECTED_EVENT, unwrapBlock } from './page-content';

const content = (title: string): CmsContent => ({
  tdk: { title, description: `${title} description`, keywords: `${title} keywords` },
  blocks: {
    head: '<!-- seo-start --><meta name="cms-head" content="1"><!-- seo-end -->',
    content: `<section class="seo">About ${title}</section><script>window.__cmsRan = (window.__cmsRan || 0) + 1;</script>`,
    bottom: '<footer>FAQ</footer>',
  },
});

function setup(options: { eligible?: boolean; answer?: (path: string) => unknown } = {}) {
  document.head.innerHTML = '';
  document.body.innerHTML = `<div id="${CONTENT_SLOT_ID}"></div><div id="${BOTTOM_SLOT_ID}"></div>`;
  const requested: string[] = [];
  const get = jest.fn(async (path: string) => {
    requested.push(path);
    const decoded = decodeURIComponent(path.replace('/api/cms-data/', ''));
    const route = atob(decoded);
    const answer = options.answer ? options.answer(route) : { success: true, data: content(route), error: null };
    if (answer instanceof Error) throw answer;
    return answer;
  });
  const bus = createEventBus();
  const injected: string[] = [];
  bus.on('shell:content-injected', ({ path }) => injected.push(path));
  let eligible = options.eligible ?? true;
  let now = 1_000_000;
  const page = createPageContent({
    api: { get } as unknown as ApiClient,
    bus,
    isEligible: () => eligible,
    stylesheetUrl: '/cms/template.css',
    now: () => now,
  });
  return {
    page,
    get,
    requested,
    injected,
    setEligible: (value: boolean) => {
      eligible = value;
    },
    advanceClock: (ms: number) => {
      now += ms;
    },
  };
}

async function flush(ms: number) {
  await jest.advanceTimersByTimeAsync(ms);
}

describe('page content injection', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('encodes the route path as base64 and strips marker comments', () => {
    expect(encodeCmsPath('/text-to-video')).toBe(btoa('/text-to-video'));
    expect(unwrapBlock('<!-- seo-start --><p>x</p><!-- seo-end -->')).toBe('<p>x</p>');
  });

  it('does not fetch for the initial path or an unchanged path', async () => {
    const { page, get } = setup();
    page.setInitialPath('/home');
    page.onRouteChange('/home');
    await flush(1000);
    expect(get).not.toHaveBeenCalled();
  });

  it('debounces 300 ms, injects 50 ms after the answer, replaces tdk and blocks, runs scripts, announces it', async () => {
    const { page, get, injected } = setup();
    const events: unknown[] = [];
    window.addEventListener(INJECTED_EVENT, (event) => events.push((event as CustomEvent).detail));
    page.onRouteChange('/a');
    await flush(100);
    page.onRouteChange('/explore');
    await flush(299);
    expect(get).not.toHaveBeenCalled();
    await flush(1);
    expect(get).toHaveBeenCalledTimes(1);
    expect(document.querySelector('.seo')).toBeNull();
    await flush(49);
    expect(document.querySelector('.seo')).toBeNull();
    await flush(1);
    expect(document.title).toBe('/explore');
    expect(document.head.querySelector('meta[name="description"]')?.getAttribute('content')).toBe('/explore description');
    expect(document.head.querySelector('meta[name="keywords"]')?.getAttribute('content')).toBe('/explore keywords');
    expect(document.head.querySelector(`meta[name="cms-head"][${INJECTED_ATTR}]`)).not.toBeNull();
    expect(document.getElementById(CONTENT_SLOT_ID)?.textContent).toContain('About /explore');
    expect(document.getElementById(BOTTOM_SLOT_ID)?.textContent).toBe('FAQ');
    expect(document.head.querySelector('link[data-cms-template]')?.getAttribute('href')).toBe('/cms/template.css');
    // a re-created script element (innerHTML scripts never run)
    const script = document.getElementById(CONTENT_SLOT_ID)?.querySelector('script');
    expect(script?.getAttribute(INJECTED_ATTR)).toBe('');
    expect(injected).toEqual(['/explore']);
    expect(events).toHaveLength(1);
  });

  it("gives re-created CMS scripts the page's CSP nonce (and drops a nonce the CMS wrote)", async () => {
    const { page } = setup({
      answer: (path) => ({
        success: true,
        data: { tdk: { title: path }, blocks: { content: '<div class="seo"><script nonce="cms-own">window.__cmsNested = 1;</script></div><script src="/cms/widget.js"></script>' } },
        error: null,
      }),
    });
    // the page's own script, as the gateway served it (script-src 'nonce-page-nonce-1')
    const own = document.createElement('script');
    own.setAttribute('nonce', 'page-nonce-1');
    document.head.appendChild(own);
    page.onRouteChange('/nonce');
    await flush(400);
    const scripts = [...(document.getElementById(CONTENT_SLOT_ID)?.querySelectorAll('script') ?? [])];
    expect(scripts).toHaveLength(2);
    for (const script of scripts) expect(script.getAttribute('nonce')).toBe('page-nonce-1');
    expect(scripts[1]?.getAttribute('src')).toBe('/cms/widget.js');
  });

  it('removes earlier injected content before injecting the next page', async () => {
    const { page } = setup();
    page.onRouteChange('/one');
    await flush(400);
    page.onRouteChange('/two');
    await flush(400);
    expect(document.querySelectorAll('.seo')).toHaveLength(1);
    expect(document.querySelector('.seo')?.textContent).toBe('About /two');
    expect(document.head.querySelectorAll('meta[name="cms-head"]')).toHaveLength(1);
    expect(document.head.querySelectorAll('link[data-cms-template]')).toHaveLength(1);
  });

  it('answers from a 5 minute cache', async () => {
    const { page, get, advanceClock } = setup();
    page.onRouteChange('/one');
    await flush(400);
    page.onRouteChange('/two');
    await flush(400);
    page.onRouteChange('/one');
    await flush(400);
    expect(get).toHaveBeenCalledTimes(2);
    advanceClock(300_001);
    page.onRouteChange('/two');
    await flush(400);
    expect(get).toHaveBeenCalledTimes(3);
  });

  it('does nothing for logged-in users or the www-sideapp embed, and clears what was injected', async () => {
    const { page, get, setEligible } = setup();
    page.onRouteChange('/one');
    await flush(400);
    expect(document.querySelector('.seo')).not.toBeNull();
    setEligible(false);
    page.onRouteChange('/two');
    await flush(400);
    expect(get).toHaveBeenCalledTimes(1);
    expect(document.querySelector('.seo')).toBeNull();
  });

  it('logs and injects nothing on failure or a missing result', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const info = jest.spyOn(console, 'info').mockImplementation(() => undefined);
    const { page } = setup({ answer: (path) => (path === '/fail' ? new Error('500') : { success: false, data: null, error: 'none' }) });
    page.onRouteChange('/fail');
    await flush(400);
    page.onRouteChange('/empty');
    await flush(400);
    expect(document.querySelector('.seo')).toBeNull();
    expect(warn).toHaveBeenCalled();
    expect(info).toHaveBeenCalled();
    warn.mockRestore();
    info.mockRestore();
  });
});
