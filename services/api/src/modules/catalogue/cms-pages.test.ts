/** The SEO text reads once: a page's own block never repeats a sentence of the bottom block shown under it. */
import { BOTTOM, CMS_PAGES } from './cms-pages.js';

function sentences(html: string): string[] {
  return html
    .replace(/<[^>]+>/g, ' ')
    .split(/(?<=[.!?])\s+/)
    .map((sentence) => sentence.replace(/\s+/g, ' ').trim())
    .filter((sentence) => sentence.length > 20);
}

describe('CMS pages', () => {
  it.each(CMS_PAGES.map((page) => [page.path, page.content]))('%s says nothing the bottom block says again', (_path, content) => {
    const bottom = new Set(sentences(BOTTOM));
    expect(sentences(content).filter((sentence) => bottom.has(sentence))).toEqual([]);
  });

  it("gives each tool category's list its own text, naming only that category's tools", () => {
    const text = (path: string) => CMS_PAGES.find((page) => page.path === path)?.content ?? '';
    expect(text('/ai-tools/video')).toContain('Video Enhancer');
    expect(text('/ai-tools/video')).not.toMatch(/Image Enhancer|Background Remover/);
    expect(text('/ai-tools/audio')).not.toMatch(/Image Enhancer|Video Eraser/);
    expect(text('/ai-tools/image')).toContain('Image Enhancer');
    expect(text('/ai-tools/image')).not.toMatch(/Video Enhancer|Lip Sync/);
  });
});
