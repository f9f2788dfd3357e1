import { adoptPrerendered } from './adopt-prerendered';
import { INJECTED_ATTR } from './page-content';

describe('adoptPrerendered', () => {
  it('moves the prerendered blocks into the slots once the layout renders them, and marks the head block', async () => {
    document.head.innerHTML = '<title>t</title><!--cms-head-start--><style id="cms-style">p{}</style><!--cms-head-end-->';
    document.body.innerHTML =
      '<div id="root"></div><div id="seo-prerender-content" data-cms-injected=""><p>About AI video</p></div><div id="seo-prerender-bottom" data-cms-injected=""><p>FAQ</p></div>';
    const stop = adoptPrerendered(document, 1000);
    expect(document.getElementById('cms-style')?.hasAttribute(INJECTED_ATTR)).toBe(true);
    // the layout mounts later
    document.getElementById('root')!.innerHTML = '<main><div id="shell-cms-content"></div></main><footer><div id="shell-cms-bottom"></div></footer>';
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(document.querySelector('#shell-cms-content #seo-prerender-content')?.textContent).toBe('About AI video');
    expect(document.querySelector('#shell-cms-bottom #seo-prerender-bottom')?.textContent).toBe('FAQ');
    stop();
  });

  it('does nothing when the page has no prerendered content', () => {
    document.body.innerHTML = '<div id="root"></div>';
    expect(() => adoptPrerendered(document)()).not.toThrow();
  });
});

describe('adoptPrerendered and the blocks\' scripts', () => {
  it('runs the inert scripts of the first HTML once the blocks are in place: the page nonce, the original type back, data scripts untouched', async () => {
    document.head.innerHTML =
      '<script nonce="n0nce" src="/main.js"></script><!--cms-head-start--><script type="text/x-cms-script">window.headRan = 1</script><script type="application/ld+json">{"@type":"Organization"}</script><!--cms-head-end-->';
    document.body.innerHTML =
      '<div id="root"></div><div id="seo-prerender-content" data-cms-injected=""><p>About</p><script type="text/x-cms-script" data-cms-type="module" data-x="1">window.bodyRan = 1</script></div>';
    const stop = adoptPrerendered(document, 1000);
    const head = document.head.querySelector('script:not([src]):not([type])') as HTMLScriptElement;
    expect(head.textContent).toBe('window.headRan = 1');
    expect(head.getAttribute('nonce')).toBe('n0nce');
    expect(head.hasAttribute(INJECTED_ATTR)).toBe(true);
    expect(document.head.querySelector('script[type="application/ld+json"]')?.textContent).toBe('{"@type":"Organization"}');
    // not before the layout's slot exists
    expect(document.querySelector('#seo-prerender-content script')?.getAttribute('type')).toBe('text/x-cms-script');
    document.getElementById('root')!.innerHTML = '<main><div id="shell-cms-content"></div></main><div id="shell-cms-bottom"></div>';
    await new Promise((resolve) => setTimeout(resolve, 0));
    const body = document.querySelector('#shell-cms-content script') as HTMLScriptElement;
    expect([body.getAttribute('type'), body.getAttribute('nonce'), body.getAttribute('data-x'), body.hasAttribute('data-cms-type'), body.textContent]).toEqual([
      'module',
      'n0nce',
      '1',
      false,
      'window.bodyRan = 1',
    ]);
    expect(document.querySelectorAll('script[type="text/x-cms-script"]')).toHaveLength(0);
    stop();
  });
});
