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
