import { classifyLink } from './link-rules';
import { applyPageMetadata, canonicalUrl } from './metadata';
import { campaignOf, hasEmbedParams, withoutEmbedParams } from './url-params';

const context = { origin: 'https://app.studio.test', ownDomains: ['studio.test'] };

describe('link rules', () => {
  it.each([
    ['/text-to-video', { kind: 'in-app', to: '/text-to-video' }],
    ['/ai/text-to-video?x=1#top', { kind: 'in-app', to: '/text-to-video?x=1#top' }],
    ['https://www.studio.test/ai/image-to-image', { kind: 'in-app', to: '/image-to-image' }],
    ['https://app.studio.test/libraries', { kind: 'in-app', to: '/libraries' }],
    ['https://www.studio.test/blog/post', { kind: 'same-window', href: 'https://www.studio.test/blog/post' }],
    ['https://account.studio.test/center', { kind: 'same-window', href: 'https://account.studio.test/center' }],
    ['https://discord.gg/abc', { kind: 'new-tab', href: 'https://discord.gg/abc' }],
    ['https://notstudio.test/x', { kind: 'new-tab', href: 'https://notstudio.test/x' }],
    ['//evil.example/x', { kind: 'new-tab', href: 'https://evil.example/x' }],
    ['mailto:help@studio.test', { kind: 'same-window', href: 'mailto:help@studio.test' }],
  ])('%s', (href, expected) => {
    expect(classifyLink(href, context)).toEqual(expected);
  });
});

describe('metadata', () => {
  it('puts the canonical URL under /ai on the https origin', () => {
    expect(canonicalUrl('http://studio.test', '/text-to-video/')).toBe('https://studio.test/ai/text-to-video');
    expect(canonicalUrl('https://studio.test/', '/')).toBe('https://studio.test/ai');
  });

  it('writes title, description, canonical, og and twitter tags', () => {
    applyPageMetadata(document, { title: 'Text to Video | AI Video Generator', description: 'Turn text into video.' }, 'https://studio.test/ai/text-to-video');
    const meta = (selector: string) => document.head.querySelector(selector)?.getAttribute('content');
    expect(document.title).toBe('Text to Video | AI Video Generator');
    expect(document.head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe('https://studio.test/ai/text-to-video');
    expect(meta('meta[name="description"]')).toBe('Turn text into video.');
    expect(meta('meta[property="og:url"]')).toBe('https://studio.test/ai/text-to-video');
    expect(meta('meta[property="og:title"]')).toBe('Text to Video | AI Video Generator');
    expect(meta('meta[name="twitter:card"]')).toBe('summary_large_image');
    expect(meta('meta[name="twitter:description"]')).toBe('Turn text into video.');
    applyPageMetadata(document, { title: 'B', description: 'b' }, 'https://studio.test/ai/b');
    expect(document.head.querySelectorAll('link[rel="canonical"]')).toHaveLength(1);
  });
});

describe('url parameters', () => {
  it('finds and strips the embedded-content parameters only', () => {
    expect(hasEmbedParams('?embed=1&channel=x')).toBe(true);
    expect(hasEmbedParams('?channel=x')).toBe(false);
    expect(withoutEmbedParams('?embed=1&embedmode=www-sideapp&from_embed=home&channel=x')).toBe('?channel=x');
    expect(withoutEmbedParams('?embedmode=www-sideapp')).toBe('');
  });

  it('recognises the check-in campaign arrival', () => {
    expect(campaignOf('?pactivity=retention_checkin_credit_for_creation')).toBe('retention_checkin_credit_for_creation');
    expect(campaignOf('?pactivity=other')).toBeNull();
  });
});
