/** The SEO content of a route (GET /api/cms-data/{path}): the base64 route path, and the page or its nearest parent. */
import type { Queryable } from '@studio/db';
import type { CmsResponse } from 'shared-contracts';

/** Decodes the base64 (standard or URL-safe) route path of a CMS request into a normalised path. */
export function decodeCmsPath(encoded: string): string | null {
  const cleaned = decodeURIComponent(encoded).replace(/-/g, '+').replace(/_/g, '/').replace(/\s/g, '');
  if (!cleaned || !/^[A-Za-z0-9+/]+={0,2}$/.test(cleaned)) return null;
  const text = Buffer.from(cleaned, 'base64').toString('utf8');
  // control characters are what this refuses
  // eslint-disable-next-line no-control-regex
  if (!text.startsWith('/') || text.length > 512 || /[\u0000-\u001f]/.test(text)) return null;
  const pathOnly = text.split(/[?#]/)[0];
  const trimmed = pathOnly.length > 1 ? pathOnly.replace(/\/+$/, '') : pathOnly;
  return trimmed.toLowerCase();
}

/** The content of a normalised path: the exact page first, then its parents (/text-to-video/cat -> /text-to-video), then / -> /home. */
export async function cmsContent(db: Queryable, path: string): Promise<CmsResponse> {
  const candidates: string[] = [];
  for (let p = path; p.length > 0; p = p.slice(0, p.lastIndexOf('/'))) candidates.push(p);
  if (path === '/') candidates.push('/home');
  const rows = await db.query<{ path: string; title: string; description: string; keywords: string; head: string; content: string; bottom: string }>(
    `SELECT path, title, description, keywords, head, content, bottom FROM cms_pages WHERE path = ANY($1::text[])`,
    [candidates],
  );
  const page = candidates.map((c) => rows.rows.find((row) => row.path === c)).find(Boolean);
  return page
    ? {
        success: true,
        data: {
          tdk: { title: page.title, description: page.description, keywords: page.keywords },
          blocks: { head: page.head, content: page.content, bottom: page.bottom },
        },
        error: null,
      }
    : { success: false, data: null, error: `No content for ${path}` };
}
