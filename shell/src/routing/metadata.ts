/**
 * Per-path canonical and social metadata: pages are published under the /ai prefix of the canonical
 * https origin (config.canonicalOrigin), e.g. /text-to-video -> https://example.com/ai/text-to-video.
 */
import { PRODUCT_NAME } from 'shared-contracts';
import type { PageMeta } from './route-specs';
import { AI_PREFIX } from './link-rules';

export function canonicalUrl(canonicalOrigin: string, pathname: string): string {
  const clean = pathname.replace(/\/+$/, '') || '/';
  const origin = canonicalOrigin.replace(/^http:\/\//, 'https://').replace(/\/+$/, '');
  return `${origin}${AI_PREFIX}${clean === '/' ? '' : clean}`;
}

function upsertMeta(doc: Document, attribute: 'name' | 'property', key: string, content: string): void {
  let element = doc.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (!element) {
    element = doc.createElement('meta');
    element.setAttribute(attribute, key);
    doc.head.appendChild(element);
  }
  element.setAttribute('content', content);
}

export function applyPageMetadata(doc: Document, meta: PageMeta, canonical: string): void {
  doc.title = meta.title;
  upsertMeta(doc, 'name', 'description', meta.description);
  let link = doc.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (!link) {
    link = doc.createElement('link');
    link.rel = 'canonical';
    doc.head.appendChild(link);
  }
  link.href = canonical;
  upsertMeta(doc, 'property', 'og:type', 'website');
  upsertMeta(doc, 'property', 'og:site_name', PRODUCT_NAME);
  upsertMeta(doc, 'property', 'og:title', meta.title);
  upsertMeta(doc, 'property', 'og:description', meta.description);
  upsertMeta(doc, 'property', 'og:url', canonical);
  upsertMeta(doc, 'name', 'twitter:card', 'summary_large_image');
  upsertMeta(doc, 'name', 'twitter:title', meta.title);
  upsertMeta(doc, 'name', 'twitter:description', meta.description);
  upsertMeta(doc, 'name', 'twitter:url', canonical);
}
