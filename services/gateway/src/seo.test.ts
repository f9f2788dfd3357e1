/** Prerendered pages: each route's own metadata, a visitor's CMS blocks, sitemap, robots, 404 for unknown paths. */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import type { SeoRoutesFile } from 'shared-contracts';
import { createGateway } from './server.js';
import { basePath, inertScript, patternRegex } from './seo.js';

const ROUTES: SeoRoutesFile = {
  aiPrefix: '/ai',
  routes: [
    { path: '/home', title: 'AI Video Generator', description: 'Home description', indexable: true, module: 'remote_explore/HomePage' },
    { path: '/text-to-music/:semantic?/:tabname?', title: 'Text to Music | AI Video Generator', description: 'Music', indexable: true, module: 'remote_create/CreateScreen', props: { mode: 'text-to-music' } },
    { path: '/text-to-video/:semantic?', title: 'Text to Video | AI Video Generator', description: 'Video', indexable: true, module: 'remote_create/CreateScreen', props: { mode: 'text-to-video' } },
    { path: '/terms', title: 'Terms of Service | AI Video Generator', description: 'Terms', indexable: true, module: 'remote_explore/LegalPage', props: { kind: 'terms' } },
    { path: '/explore', title: 'Explore | AI Video Generator', description: 'Explore', indexable: true, module: 'remote_explore/ExplorePage' },
    { path: '/ai-tools', title: 'AI Tools | AI Video Generator', description: 'Tools', indexable: true, module: 'remote_tools/AiToolsPage', props: { category: 'hot' } },
    { path: '/effect', title: 'AI Effects | AI Video Generator', description: 'Effects', indexable: true, module: 'remote_explore/EffectPage' },
    { path: '/ai-tools/video-enhancer', title: 'Video Enhancer | AI Video Generator', description: 'Enhance', indexable: true, module: 'remote_tools/ToolEditor', props: { tool: 'video-enhancer' } },
    { path: '/ai-tools/no-such-tool', title: 'Gone | AI Video Generator', description: 'Gone', indexable: false, module: 'remote_tools/ToolEditor', props: { tool: 'no-such-tool' } },
    { path: '/pricing', title: 'Pricing | AI Video Generator', description: 'Plans', indexable: true, module: 'remote_billing/PricingPage' },
    { path: '/libraries', title: 'My Creations | AI Video Generator', description: 'Yours', indexable: false, module: 'remote_create/LibrariesPage' },
    { path: '/template', title: 'Templates | AI Video Generator', description: 'Templates', indexable: false, module: 'remote_explore/TemplatePage', chrome: false },
  ],
  redirects: { '/': '/home' },
  notFound: { title: 'Page Not Found | AI Video Generator', description: 'Gone' },
  errorPages: [{ path: '/debug/test-error', status: 500, title: 'Oops! Something went wrong on our end | AI Video Generator' }],
};

/**
 * An app's own server rendering build for Node (the server build of its rspack.config.ts: remote-explore's first
 * screen, the shell's header), written into `folder` as its build writes it (the remote's versioned folder, the
 * shell's dist): the gateway renders the real components. In a child process: rspack is an ES module, which this
 * test's module system cannot load.
 */
async function buildServerRender(app: 'remote-explore' | 'remote-create' | 'remote-tools' | 'remote-billing' | 'shell', folder: string): Promise<void> {
  const repo = path.resolve(__dirname, '../../..');
  const script = `
    import { createJiti } from 'jiti';
    import { rspack } from '@rspack/core';
    const jiti = createJiti(${JSON.stringify(path.join(repo, 'package.json'))});
    const factory = await jiti.import(${JSON.stringify(path.join(repo, app, 'rspack.config.ts'))}, { default: true });
    const servers = factory({ production: true }).filter((config) => config.target === 'node');
    // each in its place under the app's dist (server/, server/first-screen/), under the test's folder instead
    const configs = servers.map((server) => {
      const under = server.output.path.slice(server.output.path.lastIndexOf('/server'));
      return { ...server, dependencies: undefined, output: { ...server.output, path: ${JSON.stringify(folder)} + under } };
    });
    rspack(configs).run((error, stats) => {
      if (error || stats.hasErrors()) { console.error(error ?? stats.toString({ all: false, errors: true })); process.exit(1); }
    });`;
  await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], { cwd: repo });
}

describe('SEO prerender', () => {
  let gateway: FastifyInstance;
  const discoveryQueries: Record<string, string>[] = [];
  const previewCalls: number[] = [];
  const skuCalls: number[] = [];
  const effectQueries: Record<string, string>[] = [];
  beforeAll(async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'seo-test-'));
    mkdirSync(path.join(root, 'shell', 'dist'), { recursive: true });
    writeFileSync(
      path.join(root, 'shell', 'dist', 'index.html'),
      '<!doctype html><html><head><meta charset="utf-8"><title>AI Video Generator</title><meta name="description" content="x" /><script defer src="/main.abc.js"></script></head><body><div id="root"></div></body></html>',
    );
    writeFileSync(path.join(root, 'shell', 'dist', 'seo-routes.json'), JSON.stringify(ROUTES));
    writeFileSync(
      path.join(root, 'remotes.json'),
      JSON.stringify({
        remotes: [
          { name: 'remote_explore', version: '1.0.0', entry: '/remotes/remote-explore/1.0.0/mf-manifest.json' },
          { name: 'remote_create', version: '2.0.0', entry: '/remotes/remote-create/2.0.0/mf-manifest.json' },
          { name: 'remote_tools', version: '3.0.0', entry: '/remotes/remote-tools/3.0.0/mf-manifest.json' },
          { name: 'remote_billing', version: '4.0.0', entry: '/remotes/remote-billing/4.0.0/mf-manifest.json' },
        ],
      }),
    );
    mkdirSync(path.join(root, 'remote-explore', 'dist', '1.0.0'), { recursive: true });
    writeFileSync(
      path.join(root, 'remote-explore', 'dist', '1.0.0', 'mf-manifest.json'),
      JSON.stringify({
        metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
        exposes: [{ name: 'HomePage', path: './HomePage', assets: { js: { sync: ['__federation_expose_HomePage.abc.js'] }, css: { sync: [] } } }],
        shared: [
          { name: 'react', assets: { js: { sync: ['121.react.js'] } } },
          { name: 'swr', assets: { js: { sync: ['150.swr.js'] } } },
        ],
      }),
    );
    await buildServerRender('remote-explore', path.join(root, 'remote-explore', 'dist', '1.0.0'));
    await buildServerRender('shell', path.join(root, 'shell', 'dist'));
    await buildServerRender('remote-create', path.join(root, 'remote-create', 'dist', '2.0.0'));
    await buildServerRender('remote-tools', path.join(root, 'remote-tools', 'dist', '3.0.0'));
    await buildServerRender('remote-billing', path.join(root, 'remote-billing', 'dist', '4.0.0'));
    // the shell provides react itself; swr comes from the remote's own chunk
    writeFileSync(path.join(root, 'shell', 'dist', 'shell-provides.json'), JSON.stringify({ shared: ['react', 'react-dom'], scripts: ['725.start.js', '275.react-dom.js'] }));
    gateway = await createGateway({
      rootDir: root,
      remotesJsonPath: path.join(root, 'remotes.json'),
      seo: { canonicalOrigin: 'https://studio.example' },
      mountServices: async (app) => {
        // Home's discovery calls as the API answers them
        app.get('/v1/workflow/explore/list', async (request) => {
          discoveryQueries.push(request.query as Record<string, string>);
          const list = [1, 2, 3, 4].map((id) => ({ id, title: `Item </script> ${id}`, author: { name: 'Studio', avatar: '', is_studio: true }, thumbnail: `/v1/common/oss/file/t-${id}.webp?exp=1&sig=a` }));
          return { code: 0, msg: 'ok', trace_id: '', data: { list, paginate: { total: 4 } } };
        });
        // the tools' previews as the API answers them (the first a picture pair, the second a video)
        app.get('/v1/ai/tools/previews', async () => {
          previewCalls.push(1);
          const previews = [
            { tool: 'video-enhancer', status: 'ready', media: 'image', before: '/v1/common/oss/file/ve-a.webp?sig=1', after: '/v1/common/oss/file/ve-b.webp?sig=1', price: '</script>' },
            { tool: 'image-enhancer', status: 'ready', media: 'image', before: '/v1/common/oss/file/ie-a.webp', after: '/v1/common/oss/file/ie-b.webp' },
            { tool: 'bg-remover', status: 'ready', media: 'image', before: '/v1/common/oss/file/bg-a.webp', after: '/v1/common/oss/file/bg-b.webp' },
          ];
          return { code: 0, msg: 'ok', trace_id: '', data: { previews } };
        });
        // the plans as the API answers them (a monthly and a yearly membership, a credit pack)
        app.get('/v1/buy/sku-info', async () => {
          skuCalls.push(1);
          const ext = { tier: 'PREMIUM', watermark_free: true, ultra_hd: true, frame_interpolation: true, faster_generations: true, videos_at_once: 5, unlimited_effects: true, monthly_credits: 500 };
          const sku = (sku_id: number, period_unit: string, price: number, kind: string) => ({
            sku_id, sub_tpl_id: 1, sub_tpl_name: `Premium ${period_unit}`, plan: 'Premium', period_unit, period_val: 1, price, original_price: price * 2, recommend_price: price, show_rec_price: false,
            currency: 'USD', currency_symbol: '$', buy_url: '/v1/buy/checkout', zero_buy: false, zero_buy_url: '', retention_promotion: false, retention_promotion_buy_url: '',
            feature_code_list: [{ feature_code: 'MI-Credits-2024', sale_unit_value: 500 }], isSubscription: kind === 'membership', buyZeroChecked: false, extInfo: ext, kind,
          });
          return { code: 0, msg: 'ok', trace_id: '', data: { sku_buy_list: [sku(24109015, 'month', 39.99, 'membership'), sku(24109016, 'year', 299.88, 'membership'), sku(5, 'month', 9.99, 'credits')], zero_buy_checked: false, free_daily_tasks: 20 } };
        });
        // the effects' categories as the API answers them (each with its first templates)
        app.get('/v1/workflow/ct/list', async (request) => {
          effectQueries.push(request.query as Record<string, string>);
          const effect = (tpl_id: number, name: string) => ({
            tpl_id, name, thumbnail: `/v1/common/oss/file/e-${tpl_id}.webp`, thumbnail_link: `/v1/common/oss/file/e-${tpl_id}.webp`, cover_conf: { thumbnail_url: '', preview_url: '' }, preview_url: '',
            action_conf: { hot: false }, extra: '{}', info: { algorithm: 'mai_effect', module: 'effect', request: { fields: [] } }, description: name, preview: '', rule: { show: [{ val: '5 s' }] },
          });
          return { code: 0, msg: 'ok', trace_id: '', data: [{ value: 'video', name: 'Video', categories: [{ id: 0, title: 'All', tpls: [effect(5001, 'Hug </script>'), effect(5002, 'Fly away'), effect(5003, 'Melt')], total: 3 }, { id: 501, title: 'Fun', tpls: [], total: 0 }] }] };
        });
        app.get('/v1/recommend/tpl', async () => ({ code: 0, msg: 'ok', trace_id: '', data: [{ tpl_id: 7, name: 'Hot one' }] }));
        // the CMS call as the API answers it
        app.get('/api/cms-data/*', async (request) => {
          const pathname = Buffer.from(decodeURIComponent((request.params as { '*': string })['*']), 'base64').toString('utf8');
          // the API answers a path's nearest parent with content (/home/anything gets /home's)
          if (pathname !== '/home' && !pathname.startsWith('/home/') && pathname !== '/landing-page') return { code: 0, msg: 'ok', data: { success: false, data: null, error: 'none' }, trace_id: '' };
          return {
            code: 0,
            msg: 'ok',
            trace_id: '',
            data: {
              success: true,
              error: null,
              data: {
                tdk: { title: `CMS title ${pathname}`, description: 'CMS description', keywords: 'ai video, generator' },
                blocks: { head: '<style>.seo{}</style>', content: '<!-- seo-start --><section class="seo">About <b>AI video</b><script>alert(1)</script></section><!-- seo-end -->', bottom: '<p>FAQ</p>' },
              },
            },
          };
        });
      },
    });
  });
  afterAll(async () => gateway.close());

  it('gives a visitor the CMS title, keywords, canonical under /ai, social tags and the blocks (without scripts)', async () => {
    const response = await gateway.inject({ method: 'GET', url: '/home' });
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html).toContain('<title>CMS title /home</title>');
    expect(html).toContain('<meta name="keywords" content="ai video, generator" />');
    expect(html).toContain('<link rel="canonical" href="https://studio.example/ai/home" />');
    expect(html).toContain('<meta property="og:title" content="CMS title /home" />');
    expect(html.match(/name="description"/g)).toHaveLength(1);
    // the block's script is inert in the HTML (the shell runs it with the page's nonce when it adopts the block)
    expect(html).toContain('<div id="seo-prerender-content" data-cms-injected=""><section class="seo">About <b>AI video</b><script type="text/x-cms-script">alert(1)</script></section></div>');
    expect(html).not.toContain('<script>alert(1)');
    expect(html).toContain('<!--cms-head-start--><style>.seo{}</style><!--cms-head-end-->');
  });

  it("preloads the landing route's remote: its manifest, remoteEntry, exposed chunk and the shared chunks the shell does not provide (after the first screen's pictures on a visitor's home)", async () => {
    const html = (await gateway.inject({ method: 'GET', url: '/home' })).body;
    expect(html).toContain('<link rel="preload" href="/remotes/remote-explore/1.0.0/mf-manifest.json" as="fetch" crossorigin="anonymous" fetchpriority="low" />');
    expect(html).toContain('<link rel="preload" href="/remotes/remote-explore/1.0.0/remoteEntry.js" as="script" fetchpriority="low" />');
    expect(html).toContain('<link rel="preload" href="/remotes/remote-explore/1.0.0/__federation_expose_HomePage.abc.js" as="script" fetchpriority="low" />');
    expect(html).toContain('<link rel="preload" href="/remotes/remote-explore/1.0.0/150.swr.js" as="script" fetchpriority="low" />');
    expect(html).not.toContain('121.react.js');
    // the remotes list in the page, as /remotes.json answers it
    expect(html).toContain('<script id="remotes-list" type="application/json">{"remotes":[{"name":"remote_explore","version":"1.0.0","entry":"/remotes/remote-explore/1.0.0/mf-manifest.json"},{"name":"remote_create","version":"2.0.0","entry":"/remotes/remote-create/2.0.0/mf-manifest.json"},{"name":"remote_tools","version":"3.0.0","entry":"/remotes/remote-tools/3.0.0/mf-manifest.json"},{"name":"remote_billing","version":"4.0.0","entry":"/remotes/remote-billing/4.0.0/mf-manifest.json"}]}</script>');
    // the shell's own start-up scripts, preloaded where main.js was; main.js itself starts once the first
    // Trending picture has been painted (a starter with the page's nonce, after the first screen)
    expect(html).toMatch(/<head><meta charset="utf-8"><title>[^<]*<\/title><link rel="preload" href="\/main\.abc\.js" as="script" fetchpriority="low" \/><link rel="preload" href="\/725\.start\.js" as="script" fetchpriority="low" \/><link rel="preload" href="\/275\.react-dom\.js" as="script" fetchpriority="low" \/>/);
    expect(html).not.toMatch(/<script[^>]*src="\/main\.abc\.js"/);
    const starter = /<script nonce="[^"]+">(\(function\(\)\{[^<]*)<\/script><\/body>/.exec(html)?.[1] ?? '';
    expect(starter).toContain('s.src="/main.abc.js"');
    expect(starter).toContain('document.querySelector("img.ht-img[fetchpriority=high]")');
    // or at once on a person's first touch or key press
    expect(starter).toContain("['pointerdown','keydown'].forEach(function(t){addEventListener(t,start,{once:true,capture:true,passive:true})})");
    expect((await gateway.inject({ method: 'GET', url: '/no-such-page' })).body).not.toContain('rel="preload"');
    // low priority and the late start only where the first screen is in the HTML (a visitor's home, whose pictures go first)
    const signedIn = (await gateway.inject({ method: 'GET', url: '/home', headers: { cookie: 'studio_token=abc' } })).body;
    expect(signedIn).toContain('<link rel="preload" href="/remotes/remote-explore/1.0.0/remoteEntry.js" as="script" />');
    expect(signedIn).not.toContain('fetchpriority="low"');
    expect(signedIn).toMatch(/<script nonce="[^"]+" defer src="\/main\.abc\.js"><\/script><link rel="preload" href="\/725\.start\.js" as="script" \/>/);
  });

  it("writes /home's hero (its heading, text and calls to action) into the first HTML, at / too, and on no other route", async () => {
    for (const url of ['/home', '/']) {
      const html = (await gateway.inject({ method: 'GET', url, headers: { cookie: url === '/' ? 'studio_token=abc' : '' } })).body;
      // remote-explore's HeroView, rendered by react-dom/server, placed in the HomePage's frame after #root
      expect(html).toContain('<h1 id="home-hero-prerender-title" class="hh-title">Turn your ideas into video, images and music with AI</h1>');
      expect(html).toContain('<p class="hh-lead">Animate a photo, write a script, restyle a clip or compose a song');
      expect(html).toContain('<a href="/image-to-video" class="hh-cta hh-cta-primary">Start with Image to Video</a>');
      expect(html).toMatch(/<div id="root"><\/div><style>#home-hero-prerender\{position:absolute;/);
      expect(html).toMatch(/<div id="home-hero-prerender"><div><style>\.hh\{[^<]*\.hh-wave>span\{[^<]*<\/style><section class="hh"/);
    }
    expect((await gateway.inject({ method: 'GET', url: '/text-to-music' })).body).not.toContain('hh-title');
    expect((await gateway.inject({ method: 'GET', url: '/no-such-page' })).body).not.toContain('hh-title');
  });

  it("gives a visitor's /home the answers of Home's discovery calls and preloads the first Trending pictures, the first with high priority", async () => {
    const html = (await gateway.inject({ method: 'GET', url: '/home' })).body;
    const block = /<script id="home-discovery" type="application\/json">([\s\S]*?)<\/script>/.exec(html);
    expect(block).not.toBeNull();
    // nothing in an answer can close the element
    expect(block![1]).not.toContain('</');
    const data = JSON.parse(block![1]!) as { trending: { list: { id: number; title: string }[] }; hot: { tpl_id: number }[] };
    expect(data.trending.list.map((item) => item.id)).toEqual([1, 2, 3, 4]);
    expect(data.trending.list[0]!.title).toBe('Item </script> 1');
    expect(data.hot).toEqual([{ tpl_id: 7, name: 'Hot one' }]);
    expect(discoveryQueries[0]).toEqual({ page: '1', page_size: '10', recommend: '1' });
    expect(html).toContain('<link rel="preload" as="image" href="/v1/common/oss/file/t-1.webp?exp=1&amp;sig=a" fetchpriority="high" />');
    expect(html).toContain('<link rel="preload" as="image" href="/v1/common/oss/file/t-3.webp?exp=1&amp;sig=a" />');
    expect(html).not.toContain('t-4.webp?exp=1&amp;sig=a" />');
    // the answers are reused for the next visitor
    await gateway.inject({ method: 'GET', url: '/home' });
    expect(discoveryQueries).toHaveLength(1);
    // a signed-in person's answers are their own, and other routes have no rows
    expect((await gateway.inject({ method: 'GET', url: '/home', headers: { cookie: 'studio_token=abc' } })).body).not.toContain('home-discovery');
    expect((await gateway.inject({ method: 'GET', url: '/text-to-music' })).body).not.toContain('home-discovery');
  });

  it("writes a visitor's Trending row after the hero's copy, in its frame, as the remote renders it", async () => {
    const html = (await gateway.inject({ method: 'GET', url: '/home' })).body;
    const copy = /<div id="home-hero-prerender"><div>([\s\S]*?)<\/div><\/div><script id="home-discovery"/.exec(html)?.[1] ?? '';
    expect(copy).toMatch(/^<style>\.hh\{[\s\S]*<\/section><section class="ht" aria-labelledby="home-trending-prerender"><style>\.ht\{/);
    expect(copy).toContain('<h2 id="home-trending-prerender" class="ht-title">Trending in Explore</h2>');
    expect(copy).toContain(
      '<a href="/explore" aria-label="Item &lt;/script&gt; 1 by Studio" class="ht-card"><img class="ht-img" src="/v1/common/oss/file/t-1.webp?exp=1&amp;sig=a" alt="" width="300" height="400" loading="eager" fetchPriority="high"/>',
    );
    expect(copy.match(/<li>/g)).toHaveLength(4);
    expect(copy).toContain('t-2.webp?exp=1&amp;sig=a" alt="" width="300" height="400" loading="eager" fetchPriority="auto"/>');
    expect(copy).toContain('t-4.webp?exp=1&amp;sig=a" alt="" width="300" height="400" loading="lazy" fetchPriority="auto"/>');
    // a signed-in person's home has the hero's copy only
    const signedIn = (await gateway.inject({ method: 'GET', url: '/home', headers: { cookie: 'studio_token=abc' } })).body;
    expect(signedIn).toContain('hh-title');
    expect(signedIn).not.toContain('ht-card');
  });

  it("keeps a visitor's CMS blocks below the first screen, and out of the layout while the route's page is loading", async () => {
    const html = (await gateway.inject({ method: 'GET', url: '/home' })).body;
    // after #root, which fills the first screen whether the page renders in the shell's layout or without it
    expect(html).toMatch(/<div id="root"><\/div>.*<style>#root\{min-height:100vh\}/s);
    expect(html).toContain('#shell-main:has(>[data-route-area]>:is([role="status"],[aria-busy="true"]):first-child) :is(#seo-prerender-content,#seo-prerender-bottom){display:none}');
  });

  it("writes the shell's header into a visitor's page of the shell's layout, before #root: menu, logo, credits and Login, the phone menu's copy closed with its links, and the script that opens it under the page's nonce", async () => {
    const response = await gateway.inject({ method: 'GET', url: '/text-to-music/lofi' });
    const html = response.body;
    const copy = /<style>[^<]*#shell-header-prerender\{position:sticky;top:0;z-index:1000\}[^<]*<\/style><div id="shell-sidebar-prerender">.*?<div id="shell-header-prerender">.*?<\/div><script nonce="([^"]+)">(.*?)<\/script><div id="root"><\/div>/s.exec(html);
    expect(copy).not.toBeNull();
    const [markup, nonce, script] = copy as unknown as [string, string, string];
    // the page's nonce (the CSP's), the one the shell's own script carries
    expect(html).toContain(`<script nonce="${nonce}" defer src="/main.abc.js">`);
    expect(script).toContain('shell-drawer-prerender');
    // the three menu buttons, one shown per width by media query; the phone's controls the menu's copy
    expect(markup).toMatch(/<button type="button" class="sh-phone css-[\w-]+" aria-label="Open menu" aria-expanded="false" aria-controls="shell-drawer-prerender" data-prerender-action="menu">/);
    // the tablet's opens its rail wide, the desktop's collapses its sidebar: both control the sidebar's copy
    expect(markup).toMatch(/<button type="button" class="sh-tablet css-[\w-]+" aria-label="Expand menu" aria-expanded="false" aria-controls="shell-sidebar-prerender" data-prerender-action="rail">/);
    expect(markup).toMatch(/<button type="button" class="sh-desktop css-[\w-]+" aria-label="Collapse menu" aria-expanded="true" aria-controls="shell-sidebar-prerender" data-prerender-action="side">/);
    expect(markup).toMatch(/<a aria-label="AI Video Generator, home" class="css-[\w-]+" href="\/home"/);
    expect(markup).toContain('aria-label="Get credits, Guest plan. See plans and credits" data-prerender-action="credits"');
    expect(markup).toMatch(/<button type="button" data-prerender-action="login" class="css-[\w-]+">Login<\/button>/);
    // the menu's copy: hidden until the button opens it, its items plain links, the page's own marked current
    expect(markup).toMatch(/<div id="shell-drawer-prerender" hidden="" data-prerender-action="close"/);
    expect(markup).toMatch(/<div role="dialog" aria-modal="true" aria-label="Menu" tabindex="-1" data-testid="drawer"/);
    expect(markup).toMatch(/<a aria-current="page" class="css-[\w-]+" href="\/text-to-music\?channel=veo3_campaign"/);
    expect(markup).toMatch(/<a class="css-[\w-]+" href="\/explore"/);
    // the sidebar's copy where the shell draws its own (none on a phone): its scrim, its wide and narrow menus of plain links
    expect(markup).toMatch(/<div id="shell-sidebar-prerender">(<style[^>]*>[^<]*<\/style>)?<div class="sh-scrim css-[\w-]+" aria-hidden="true" data-prerender-action="scrim"><\/div>(<style[^>]*>[^<]*<\/style>)?<aside aria-label="Sidebar"/);
    expect(markup.match(/<nav aria-label="Main menu">/g)).toHaveLength(3);
    expect(markup.match(/<a class="css-[\w-]+" href="\/explore"/g)).toHaveLength(3);
    // the notice for an app that could not load, hidden: the shell's error page's words, a link to the page again
    expect(markup).toMatch(/<main id="shell-start-failed" hidden="" class="css-[\w-]+">(<style[^>]*>[^<]*<\/style>)?<h1 class="css-[\w-]+">Connection issue detected<\/h1>/);
    expect(markup).toMatch(/<a href="" class="css-[\w-]+">Try again<\/a>/);
    expect(script).toContain('addEventListener("error"');
    expect(script).toContain('/[/]main[.][^/]*[.]js/.test(t.src)');
    // the page behind the open phone menu does not scroll; the notice, once shown, is the page
    expect(html).toContain('body:has(#shell-drawer-prerender:not([hidden])){overflow:hidden}');
    expect(html).toContain('body:has(#shell-start-failed:not([hidden]))>:not(#shell-start-failed){display:none}');
    // the page's stylesheet (both themes' colours) comes with it: the copy looks as the shell's header will
    expect(html).toContain(':root[data-theme="light"] { --c-bg:');
    // /home too (the hero's copy after #root), and at /
    for (const url of ['/home', '/']) expect((await gateway.inject({ method: 'GET', url })).body).toMatch(/<div id="shell-header-prerender">.*<div id="root"><\/div><style>#home-hero-prerender/s);
  });

  it("writes no header for a signed-in person (their credits are their own), a page without the shell's layout or an unknown path, and never serves the header's server build", async () => {
    expect((await gateway.inject({ method: 'GET', url: '/text-to-music', headers: { cookie: 'studio_token=abc' } })).body).not.toContain('shell-header-prerender');
    expect((await gateway.inject({ method: 'GET', url: '/template' })).body).not.toContain('shell-header-prerender');
    expect((await gateway.inject({ method: 'GET', url: '/no-such-page' })).body).not.toContain('shell-header-prerender');
    expect((await gateway.inject({ method: 'GET', url: '/server/shell-header.cjs' })).statusCode).toBe(404);
  });

  it('gives a signed-in person the route metadata and no CMS blocks', async () => {
    const response = await gateway.inject({ method: 'GET', url: '/text-to-music/lofi/song', headers: { cookie: 'studio_token=abc' } });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>Text to Music | AI Video Generator</title>');
    expect(response.body).toContain('href="https://studio.example/ai/text-to-music/lofi/song"');
    expect(response.body).not.toContain('seo-prerender-content');
  });

  it('gives the www-sideapp embed the route metadata and no CMS blocks', async () => {
    const response = await gateway.inject({ method: 'GET', url: '/home?embedmode=www-sideapp' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>AI Video Generator</title>');
    expect(response.body).not.toContain('<div id="seo-prerender-content"');
    expect(response.body).not.toContain('cms-head-start');
  });

  it('answers /index.html (what the shell reads for its new-version check) 200 with the page', async () => {
    const answer = await gateway.inject({ method: 'GET', url: '/index.html?_t=1' });
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toContain('<div id="root"></div>');
    expect(answer.body).not.toContain('noindex');
  });

  it("writes a visitor's creation screen, rendered from remote-create's own CreateScreen (its real server build), after #root: the mode's title, prompt, settings and Generate", async () => {
    const html = (await gateway.inject({ method: 'GET', url: '/text-to-video' })).body;
    // the header before #root, the copy right after it (the route area's frame), the CMS blocks' place after that
    expect(html).toMatch(/<div id="shell-header-prerender">.*<div id="root"><\/div><style>#first-screen-prerender\{position:absolute;/s);
    // inert until the CreateScreen replaces it: nothing typed or chosen in the copy could be carried over
    const copy = /<div id="first-screen-prerender" data-first-screen-path="\/text-to-video" inert="">([\s\S]*)$/.exec(html)?.[1] ?? '';
    expect(copy).toMatch(/<form aria-labelledby="create-title" novalidate=""/i);
    expect(copy).toContain('<h1 id="create-title"');
    expect(copy).toContain('>Text to Video</h1>');
    expect(copy).toContain('Video script');
    expect(copy).toMatch(/<textarea id="[^"]+" placeholder="Describe the scene/);
    expect(copy).toMatch(/<legend[^>]*>Aspect ratio<\/legend>/);
    expect(copy).toMatch(/<button type="submit"[^>]*data-testid="generate-button"[^>]*><span>Generate<\/span><\/button>/);
    expect(copy).toContain('Start from a template');
    // as a visitor sees it: the Generate List asks them to log in
    expect(copy).toContain('Log in to generate; your tasks and their results appear here.');
    // each mode its own screen (the route's props from seo-routes.json)
    const music = (await gateway.inject({ method: 'GET', url: '/text-to-music/lofi/song' })).body;
    expect(music).toContain('data-first-screen-path="/text-to-music/lofi/song"');
    expect(music).toContain('>Text to Music</h1>');
  });

  it('writes no creation screen for a signed-in person, a route whose module has none, or a module whose route gives no mode; never serves the server build', async () => {
    expect((await gateway.inject({ method: 'GET', url: '/text-to-video', headers: { cookie: 'studio_token=abc' } })).body).not.toContain('first-screen-prerender');
    expect((await gateway.inject({ method: 'GET', url: '/libraries' })).body).not.toContain('first-screen-prerender');
    const served = await gateway.inject({ method: 'GET', url: '/remotes/remote-create/2.0.0/server/first-screen/CreateScreen.cjs' });
    expect(served.statusCode).toBe(404);
  });

  it("writes a visitor's AI tools list, rendered from remote-tools' own AiToolsPage (its real server build) with the previews the gateway asked for: the first pictures eager at high priority, the answer carried in the page", async () => {
    const html = (await gateway.inject({ method: 'GET', url: '/ai-tools' })).body;
    const copy = /<div id="first-screen-prerender" data-first-screen-path="\/ai-tools">([\s\S]*?)<script id="first-screen-data"/.exec(html)?.[1] ?? '';
    expect(copy).toMatch(/<h1[^>]*>AI Tools<\/h1>/);
    expect(copy).toMatch(/<button type="button" role="tab" id="ai-tools-tab-hot"[^>]*aria-selected="true"/);
    // the tools are real links, and the first card's pictures (the phone's largest paint) load at once, first
    expect(copy).toMatch(/<li[^>]*data-tool="video-enhancer"/);
    expect(copy).toMatch(/<a href="\/ai-tools\/[a-z-]+"/);
    const pictures = [...copy.matchAll(/<img [^>]*>/g)].map(([tag]) => tag);
    expect(pictures[0]).toMatch(/src="\/v1\/common\/oss\/file\/ve-a\.webp\?sig=1" loading="eager" fetchPriority="high"/);
    expect(pictures[2]).toMatch(/src="\/v1\/common\/oss\/file\/ie-a\.webp" loading="eager" fetchPriority="high"/);
    expect(pictures[4]).toMatch(/src="\/v1\/common\/oss\/file\/bg-a\.webp" loading="lazy"/);
    // the answer, for the page to start from (escaped so nothing in it closes the element)
    const block = /<script id="first-screen-data" type="application\/json">(.*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(block).not.toContain('</script>');
    expect((JSON.parse(block) as Record<string, { previews: { tool: string }[] }>)['/v1/ai/tools/previews']?.previews.map((p) => p.tool)).toEqual(['video-enhancer', 'image-enhancer', 'bg-remover']);
    // the shell's main script starts once that picture has been painted (or at a first touch), as on /home
    expect(html).not.toMatch(/<script[^>]*src="\/main\.abc\.js"/);
    expect(html).toContain('<link rel="preload" href="/main.abc.js" as="script" fetchpriority="low" />');
    const starter = /<script nonce="[^"]+">(\(function\(\)\{[^<]*)<\/script><\/body>/.exec(html)?.[1] ?? '';
    expect(starter).toContain('document.querySelector("#first-screen-prerender img[fetchpriority=high]")');
    expect(starter).toContain('s.src="/main.abc.js"');
    // asked once for every visitor while it is fresh, and never for a signed-in person
    await gateway.inject({ method: 'GET', url: '/ai-tools' });
    expect(previewCalls).toHaveLength(1);
    const signedIn = (await gateway.inject({ method: 'GET', url: '/ai-tools', headers: { cookie: 'studio_token=abc' } })).body;
    expect(signedIn).not.toContain('first-screen-prerender');
    expect(signedIn).not.toContain('first-screen-data');
    expect(previewCalls).toHaveLength(1);
  });

  it("writes a visitor's Explore gallery, rendered from remote-explore's own ExplorePage (its real server build) with the first page the gateway asked for: one gallery per column count, each shown at its widths, the first pictures eager at high priority", async () => {
    const html = (await gateway.inject({ method: 'GET', url: '/explore' })).body;
    const copy = /<div id="first-screen-prerender" data-first-screen-path="\/explore">([\s\S]*?)<script id="first-screen-data"/.exec(html)?.[1] ?? '';
    expect(copy).toContain('@media (max-width: 767.98px){.xf-cols-2{display:block}}');
    for (const columns of [2, 3, 4, 5, 6]) {
      const variant = new RegExp(`<div class="xf-cols xf-cols-${columns}">([\\s\\S]*?)(?=<div class="xf-cols |$)`).exec(copy)?.[1] ?? '';
      expect(variant).toMatch(/<h1[^>]*>Explore<\/h1>/);
      // (as many as there are items, at most: the answer has 4)
      expect(variant.match(/class="explore-masonry-column"/g)).toHaveLength(Math.min(columns, 4));
      expect(variant).toContain('>Item &lt;/script&gt; 1<');
      // the first card's picture (the first column's first) eager at high priority
      expect(variant).toMatch(/<img src="\/v1\/common\/oss\/file\/t-1\.webp\?exp=1&amp;sig=a" alt="" loading="eager" fetchPriority="high"/);
    }
    const block = /<script id="first-screen-data" type="application\/json">(.*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(Object.keys(JSON.parse(block) as object)).toEqual(['/v1/workflow/explore/list?page=1&page_size=20']);
    expect(discoveryQueries.at(-1)).toEqual({ page: '1', page_size: '20' });
  });

  it("writes a visitor's legal page, rendered from remote-explore's own LegalPage (its real server build): the text and its plain links, no call", async () => {
    const html = (await gateway.inject({ method: 'GET', url: '/terms' })).body;
    const copy = /<div id="first-screen-prerender" data-first-screen-path="\/terms">([\s\S]*)$/.exec(html)?.[1] ?? '';
    expect(copy).toMatch(/<h1[^>]*>Terms of Service<\/h1>/);
    expect(copy).toMatch(/<a href="\/privacy"[^>]*>Privacy Policy<\/a>/);
    expect(html).not.toContain('first-screen-data');
  });

  it("writes a visitor's Pricing page, rendered from remote-billing's own PricingPage (its real server build) with the plans the gateway asked for: the month's plans and their prices, inert, the answer carried in the page", async () => {
    const html = (await gateway.inject({ method: 'GET', url: '/pricing' })).body;
    const copy = /<div id="first-screen-prerender" data-first-screen-path="\/pricing" inert="">([\s\S]*?)<script id="first-screen-data"/.exec(html)?.[1] ?? '';
    expect(copy).toMatch(/<h1[^>]*>Pricing<\/h1>/);
    expect(copy).toMatch(/<button[^>]*role="tab"[^>]*aria-selected="true"[^>]*>Monthly<\/button>/);
    // the month's membership only (not the year's, not the credit pack), with its price, and what comes below it
    expect(copy).toMatch(/<article aria-label="Premium month" data-sku="24109015"/);
    expect(copy).not.toContain('data-sku="24109016"');
    expect(copy).toContain('$39.99');
    expect(copy).not.toContain('Loading plans');
    expect(copy).toContain('Buy credit packs');
    expect(copy).toMatch(/<caption[^>]*>Plan comparison<\/caption>/);
    // no picture is its largest paint: the shell's main script is where it was
    expect(html).toMatch(/<script[^>]*src="\/main\.abc\.js"/);
    const block = /<script id="first-screen-data" type="application\/json">(.*?)<\/script>/.exec(html)?.[1] ?? '';
    expect((JSON.parse(block) as Record<string, { sku_buy_list: { sku_id: number }[] }>)['/v1/buy/sku-info']?.sku_buy_list.map((s) => s.sku_id)).toEqual([24109015, 24109016, 5]);
    // asked once for every visitor while it is fresh, and never for a signed-in person
    await gateway.inject({ method: 'GET', url: '/pricing' });
    expect(skuCalls).toHaveLength(1);
    const signedIn = (await gateway.inject({ method: 'GET', url: '/pricing', headers: { cookie: 'studio_token=abc' } })).body;
    expect(signedIn).not.toContain('first-screen-prerender');
    expect(skuCalls).toHaveLength(1);
  });

  it("writes a visitor's AI effects page, rendered from remote-explore's own EffectPage (its real server build) with the categories the gateway asked for: the first category's effects, the first row's pictures at high priority, inert", async () => {
    const html = (await gateway.inject({ method: 'GET', url: '/effect' })).body;
    const copy = /<div id="first-screen-prerender" data-first-screen-path="\/effect" inert="">([\s\S]*?)<script id="first-screen-data"/.exec(html)?.[1] ?? '';
    expect(copy).toMatch(/<h1[^>]*>AI Effects<\/h1>/);
    expect(copy).toMatch(/role="tab"[^>]*aria-selected="true"[^>]*>All</);
    expect(copy).toContain('Hug &lt;/script&gt;');
    expect(copy).not.toContain('Loading effects');
    const pictures = [...copy.matchAll(/<img [^>]*>/g)].map(([tag]) => tag);
    expect(pictures[0]).toMatch(/src="\/v1\/common\/oss\/file\/e-5001\.webp"[^>]*loading="eager"[^>]*fetchPriority="high"/);
    const block = /<script id="first-screen-data" type="application\/json">(.*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(block).not.toContain('</script>');
    expect(Object.keys(JSON.parse(block) as object)).toEqual(['/v1/workflow/ct/list?fun_module=effect']);
    expect(effectQueries.at(-1)).toEqual({ fun_module: 'effect' });
  });

  it("writes a visitor's template browser, rendered from remote-explore's own TemplatePage (its real server build) with the categories the gateway asked for, over the whole window: the route is shown without the shell's header and menu", async () => {
    const html = (await gateway.inject({ method: 'GET', url: '/template' })).body;
    const copy = /<div id="first-screen-prerender" data-first-screen-path="\/template" inert="">([\s\S]*?)<script id="first-screen-data"/.exec(html)?.[1] ?? '';
    expect(copy).toMatch(/<h1[^>]*>Templates<\/h1>/);
    expect(copy).not.toContain('Loading templates');
    expect(copy).toMatch(/<img [^>]*loading="eager"[^>]*fetchPriority="high"/);
    // the whole window (no header above it, no menu beside it), and no header copy either
    expect(html).toContain('#first-screen-prerender{position:absolute;top:0;left:0;right:0;z-index:1}');
    expect(html).not.toContain('shell-header-prerender');
    // but the page's stylesheet (the shell's header module answers it alone here): the copy is drawn as the page will be
    expect(html).toMatch(/<style>[^<]*box-sizing: border-box;[^<]*<\/style><div id="root"><\/div>/);
    const block = /<script id="first-screen-data" type="application\/json">(.*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(Object.keys(JSON.parse(block) as object)).toEqual(['/v1/workflow/ct/list?fun_module=template']);
    expect(effectQueries).toContainEqual({ fun_module: 'template' });
    expect((await gateway.inject({ method: 'GET', url: '/template', headers: { cookie: 'studio_token=abc' } })).body).not.toContain('first-screen-prerender');
  });

  it("writes a visitor's tool editor, rendered from remote-tools' own ToolEditor (its real server build): the tool's title and its action, inert, no call; nothing for a tool the remote does not know", async () => {
    const html = (await gateway.inject({ method: 'GET', url: '/ai-tools/video-enhancer' })).body;
    const copy = /<div id="first-screen-prerender" data-first-screen-path="\/ai-tools\/video-enhancer" inert="">([\s\S]*)$/.exec(html)?.[1] ?? '';
    expect(copy).toMatch(/<h1[^>]*>Video Enhancer<\/h1>/);
    expect(copy).toContain('data-testid="tool-action"');
    expect(html).not.toContain('first-screen-data');
    expect((await gateway.inject({ method: 'GET', url: '/ai-tools/no-such-tool' })).body).not.toContain('first-screen-prerender');
    expect((await gateway.inject({ method: 'GET', url: '/ai-tools/video-enhancer', headers: { cookie: 'studio_token=abc' } })).body).not.toContain('first-screen-prerender');
  });

  it('answers an unknown path 404 with noindex, a CMS-only page 200, and /ai URLs by redirect', async () => {
    const unknown = await gateway.inject({ method: 'GET', url: '/no-such-page' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('<meta name="robots" content="noindex" />');
    expect(unknown.body).toContain('<title>Page Not Found | AI Video Generator</title>');
    expect((await gateway.inject({ method: 'GET', url: '/landing-page' })).statusCode).toBe(200);
    const ai = await gateway.inject({ method: 'GET', url: '/ai/home?x=1' });
    expect([ai.statusCode, ai.headers.location]).toEqual([301, '/home?x=1']);
  });

  it('answers a path under a route that the route table does not know 404, though the CMS answers its parent', async () => {
    const answer = await gateway.inject({ method: 'GET', url: '/home/no-such-tool' });
    expect(answer.statusCode).toBe(404);
    expect(answer.body).toContain('<meta name="robots" content="noindex" />');
  });

  it('answers HEAD of a page as GET does (status and type, no body)', async () => {
    const head = await gateway.inject({ method: 'HEAD', url: '/home' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toMatch(/^text\/html/);
    expect(head.body).toBe('');
    expect((await gateway.inject({ method: 'HEAD', url: '/no-such-page' })).statusCode).toBe(404);
  });

  it('sends the page compressed as the browser accepts (brotli, else gzip, else as it is), the same page once decoded', async () => {
    const plain = await gateway.inject({ method: 'GET', url: '/home' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    // the page carries a nonce per request: compare without it
    const page = (html: string) => html.replace(/nonce="[^"]*"/g, 'nonce=""');
    const br = await gateway.inject({ method: 'GET', url: '/home', headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(page(brotliDecompressSync(br.rawPayload).toString('utf8'))).toBe(page(plain.body));
    const gz = await gateway.inject({ method: 'GET', url: '/home', headers: { 'accept-encoding': 'gzip;q=1, br;q=0' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(page(gunzipSync(gz.rawPayload).toString('utf8'))).toBe(page(plain.body));
    const identity = await gateway.inject({ method: 'GET', url: '/home', headers: { 'accept-encoding': 'identity' } });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(page(identity.body)).toBe(page(plain.body));
  });

  it('answers the debug page, which only shows the 500 error page, with 500', async () => {
    const answer = await gateway.inject({ method: 'GET', url: '/debug/test-error' });
    expect(answer.statusCode).toBe(500);
    expect(answer.body).toContain('<title>Oops! Something went wrong on our end | AI Video Generator</title>');
    expect(answer.body).toContain('<meta name="robots" content="noindex" />');
  });

  it('lists the indexable routes in sitemap.xml and points robots.txt at it', async () => {
    const sitemap = await gateway.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(sitemap.body).toContain('<loc>https://studio.example/ai/home</loc>');
    expect(sitemap.body).toContain('<loc>https://studio.example/ai/text-to-music</loc>');
    expect(sitemap.body).not.toContain('libraries');
    const robots = await gateway.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.body).toContain('Sitemap: https://studio.example/sitemap.xml');
    expect(robots.body).toContain('Disallow: /v1/');
  });

  it("makes a CMS block's scripts inert, keeping their type and attributes for the shell, and leaves data scripts alone", () => {
    expect(inertScript(' type="module" nonce="cms" src="https://cms.example/a.js" async', '')).toBe(
      '<script type="text/x-cms-script" data-cms-type="module" src="https://cms.example/a.js" async></script>',
    );
    expect(inertScript('', 'track()')).toBe('<script type="text/x-cms-script">track()</script>');
    expect(inertScript(' type="application/ld+json"', '{"@type":"FAQPage"}')).toBe('<script type="application/ld+json">{"@type":"FAQPage"}</script>');
  });

  it('matches react-router patterns', () => {
    expect(patternRegex('/text-to-music/:semantic?/:tabname?').test('/text-to-music/a/song')).toBe(true);
    expect(patternRegex('/text-to-music/:semantic?/:tabname?').test('/text-to-music/a/b/c')).toBe(false);
    expect(patternRegex('/ai-tools/video').test('/ai-tools/video')).toBe(true);
    expect(basePath('/effect/create/:semantic?')).toBe('/effect/create');
  });
});
