/** The route table as the gateway's prerender reads it (written into dist/seo-routes.json by the shell build). */
import type { SeoRoutesFile } from 'shared-contracts';
import { AI_PREFIX } from '../routing/link-rules';
import { DEBUG_TEST_ERROR, NOT_FOUND_META, REDIRECTS, ROUTE_SPECS } from '../routing/route-specs';

/** Personal pages stay out of the sitemap; they still get their title and canonical. */
const NOT_INDEXED = new Set(['libraries']);

export function seoRoutes(): SeoRoutesFile {
  return {
    aiPrefix: AI_PREFIX,
    routes: ROUTE_SPECS.map((spec) => ({
      path: spec.path,
      title: spec.meta.title,
      description: spec.meta.description,
      module: spec.module,
      chrome: spec.chrome,
      // what the gateway's first-screen rendering of the module is given (the creation screen's mode, ...)
      ...(spec.props && Object.keys(spec.props).length ? { props: { ...(spec.props as Record<string, unknown>) } } : {}),
      indexable: !NOT_INDEXED.has(spec.id) && !/\/:[^/?]+(?=\/|$)/.test(spec.path),
    })),
    redirects: { ...REDIRECTS },
    notFound: { ...NOT_FOUND_META },
    errorPages: [{ ...DEBUG_TEST_ERROR }],
  };
}
