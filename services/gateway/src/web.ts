/**
 * Serves the composed front end: the shell at /, each remote from its own versioned folder under
 * /remotes/<remote>/<version>/, and /remotes.json naming each remote's manifest. Redeploying a remote is
 * new files plus a new line in remotes.json; the shell is not rebuilt.
 */
import path from 'node:path';
import { existsSync, readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { RemoteContainer } from 'shared-contracts';
import { REMOTES } from 'shared-contracts/remotes';
import { registerSeo, type SeoOptions } from './seo.js';
import { createRemotesSource, type RemotesSource } from './remotes-source.js';
import { scriptNonce, withScriptNonce } from './security.js';
import { encodePage } from './page-encoding.js';

/** Each remote's folder -> its federation container, from the contract's one list of remotes. */
export const REMOTE_PACKAGES: Record<string, RemoteContainer> = Object.fromEntries(REMOTES.map((remote) => [remote.pkg, remote.container]));

export interface WebOptions {
  /** the repository root holding shell/ and the remote folders */
  rootDir: string;
  /** a remotes.json to serve instead of the one derived from the built folders */
  remotesJsonPath?: string;
  /** where the manifest comes from (the server shares one with its security headers; made from the above if absent) */
  remotes?: RemotesSource;
  /** prefixes that belong to the services; the SPA fallback leaves them alone */
  servicePrefixes: string[];
  /** runtime configuration handed to the shell in its page (ShellConfig fields) */
  shellConfig?: Record<string, string>;
  /** prerendered metadata, CMS blocks, sitemap.xml and robots.txt (seo.ts) */
  seo?: SeoOptions;
}

const UNHASHED = /(?:index\.html|mf-manifest\.json|mf-stats\.json|remoteEntry\.js)$/;

function cacheHeaders(filePath: string): string {
  return UNHASHED.test(filePath) ? 'no-cache' : 'public, max-age=31536000, immutable';
}

export async function registerWeb(app: FastifyInstance, options: WebOptions): Promise<void> {
  const remotes = options.remotes ?? createRemotesSource(options);
  const shellDist = path.join(options.rootDir, 'shell', 'dist');
  const indexHtmlPath = path.join(shellDist, 'index.html');
  const prerender = await registerSeo(app, shellDist, {
    ...options.seo,
    apiBase: options.shellConfig?.apiBase ?? '',
    rootDir: options.rootDir,
    remotes: remotes.current,
  });

  app.get('/remotes.json', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return remotes.current();
  });

  for (const pkg of Object.keys(REMOTE_PACKAGES)) {
    await app.register(fastifyStatic, {
      root: path.join(options.rootDir, pkg, 'dist'),
      prefix: `/remotes/${pkg}/`,
      decorateReply: false,
      preCompressed: true,
      // a version's server rendering (<version>/server/: its first screens) is the gateway's, not the browser's
      allowedPath: (pathName) => !/^\/[^/]+\/server\//.test(pathName),
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        reply.header('cache-control', cacheHeaders(filePath));
        // remotes may be served from another origin in production; the manifest and chunks must load cross-origin
        reply.header('access-control-allow-origin', '*');
      },
    });
  }

  await app.register(fastifyStatic, {
    root: shellDist,
    prefix: '/',
    index: false,
    preCompressed: true,
    // the page itself always goes through the SPA handler below, which adds the runtime config; the header's
    // server rendering (server/) is the gateway's, not the browser's
    allowedPath: (pathName) => pathName !== '/' && pathName !== '/index.html' && !pathName.startsWith('/server/'),
    cacheControl: false,
    setHeaders: (reply, filePath) => reply.header('cache-control', cacheHeaders(filePath)),
  });

  // Every other GET is a route of the single-page app: answer the shell's page.
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isService = options.servicePrefixes.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
    // /index.html is the page too (the shell's new-version check reads it); other file-like paths are real misses
    const looksLikeFile = pathname !== '/index.html' && /\.[a-z0-9]{1,8}$/i.test(pathname);
    // HEAD asks what GET would answer (status and headers; Node sends no body for it)
    const page = request.method === 'GET' || request.method === 'HEAD';
    if (!page || isService || looksLikeFile || pathname.startsWith('/remotes/')) {
      const traceId = request.id;
      return reply.code(404).send({ code: 404, msg: `Not found: ${request.method} ${pathname}`, data: null, trace_id: traceId });
    }
    if (!existsSync(indexHtmlPath)) {
      return reply.code(503).type('text/plain').send('The shell is not built yet: run `npm run build`.');
    }
    const shellPage = withScriptNonce(withShellConfig(readFileSync(indexHtmlPath, 'utf8'), options.shellConfig), scriptNonce(reply));
    return prerender(request, shellPage).then(async ({ status, html }) => {
      // compressed per request (the page differs per request): brotli or gzip as the browser accepts
      const { body, encoding } = await encodePage(html, request.headers['accept-encoding']);
      reply.code(status).header('cache-control', 'no-cache').header('vary', 'accept-encoding').type('text/html; charset=utf-8');
      if (encoding) reply.header('content-encoding', encoding);
      return reply.send(body);
    });
  });
}

/** Puts the runtime config into the shell's page, escaped so no value can close the script element. */
function withShellConfig(html: string, config: Record<string, string> | undefined): string {
  if (!config) return html;
  // an empty value means "the shell's own default" (e.g. the page's origin), so it is left out
  const present = Object.fromEntries(Object.entries(config).filter(([, value]) => value !== ''));
  const json = JSON.stringify(present).replace(/</g, '\\u003c');
  return html.replace('</head>', `<script id="shell-config" type="application/json">${json}</script></head>`);
}

