import { screen, waitFor } from '@testing-library/react';
import { matchRoutes } from 'react-router';
import { mfDouble, quietConsole, registerAllRemoteDoubles, renderShellAt } from '../../test/shell-test-kit';
import { NAMED_ROUTES, routePath } from './named-routes';
import { createRoutes, type RouteHandle } from './route-table';
import { ROUTE_SPECS } from './route-specs';

/** Which remote module and props a path renders, read from the real route objects. */
function resolve(path: string) {
  const matches = matchRoutes(createRoutes(), path) ?? [];
  const leaf = matches[matches.length - 1];
  const handle = leaf?.route.handle as RouteHandle | undefined;
  return {
    id: leaf?.route.id,
    module: handle?.spec?.module,
    props: handle?.spec?.props,
    chrome: matches.some((m) => m.route.id === 'layout'),
  };
}

const TABLE: [string, string, Record<string, unknown>][] = [
  ['/home', 'remote_explore/HomePage', {}],
  ['/text-to-video', 'remote_create/CreateScreen', { mode: 'text-to-video' }],
  ['/text-to-video/free-ai-video', 'remote_create/CreateScreen', { mode: 'text-to-video' }],
  ['/image-to-video', 'remote_create/CreateScreen', { mode: 'image-to-video' }],
  ['/image-to-video/photo-to-video', 'remote_create/CreateScreen', { mode: 'image-to-video' }],
  ['/video-to-anime', 'remote_create/CreateScreen', { mode: 'video-to-anime' }],
  ['/text-to-image', 'remote_create/CreateScreen', { mode: 'text-to-image' }],
  ['/image-to-image', 'remote_create/CreateScreen', { mode: 'image-to-image' }],
  ['/text-to-music', 'remote_create/CreateScreen', { mode: 'text-to-music' }],
  ['/text-to-music/ai-song/song', 'remote_create/CreateScreen', { mode: 'text-to-music' }],
  ['/effect', 'remote_explore/EffectPage', {}],
  ['/effect/create', 'remote_create/CreateScreen', { mode: 'effect-create' }],
  ['/effect/create/hug-video', 'remote_create/CreateScreen', { mode: 'effect-create' }],
  ['/explore', 'remote_explore/ExplorePage', {}],
  ['/libraries', 'remote_create/LibrariesPage', {}],
  ['/template', 'remote_explore/TemplatePage', {}],
  ['/ai-tools', 'remote_tools/AiToolsPage', { category: 'hot' }],
  ['/ai-tools/hot', 'remote_tools/AiToolsPage', { category: 'hot' }],
  ['/ai-tools/video', 'remote_tools/AiToolsPage', { category: 'video' }],
  ['/ai-tools/image', 'remote_tools/AiToolsPage', { category: 'image' }],
  ['/ai-tools/audio', 'remote_tools/AiToolsPage', { category: 'audio' }],
  ['/ai-tools/video-enhancer', 'remote_tools/ToolEditor', { tool: 'video-enhancer' }],
  ['/ai-tools/image-enhancer', 'remote_tools/ToolEditor', { tool: 'image-enhancer' }],
  ['/ai-tools/bg-remover', 'remote_tools/ToolEditor', { tool: 'bg-remover' }],
  ['/ai-tools/object-remover', 'remote_tools/ToolEditor', { tool: 'object-remover' }],
  ['/ai-tools/partial-redrawing', 'remote_tools/ToolEditor', { tool: 'partial-redrawing' }],
  ['/ai-tools/ai-talking-avatar', 'remote_tools/ToolEditor', { tool: 'ai-talking-avatar' }],
  ['/ai-tools/video-eraser', 'remote_tools/ToolEditor', { tool: 'video-eraser' }],
  ['/ai-tools/lip-sync', 'remote_tools/ToolEditor', { tool: 'lip-sync' }],
  ['/pricing', 'remote_billing/PricingPage', {}],
];

describe('route table', () => {
  it.each(TABLE)('%s renders %s with its props', (path, module, props) => {
    const resolved = resolve(path);
    expect(resolved.module).toBe(module);
    expect(resolved.props).toEqual(props);
  });

  it('gives every page the header and sidebar except /template', () => {
    for (const [path] of TABLE) expect([path, resolve(path).chrome]).toEqual([path, path !== '/template']);
  });

  it('maps every named route to a path of the table', () => {
    for (const [name, pattern] of Object.entries(NAMED_ROUTES)) {
      const spec = ROUTE_SPECS.find((s) => s.path === pattern);
      expect([name, spec?.name]).toEqual([name, name]);
    }
    expect(routePath('TextToMusic', { semantic: 'ai-song', tabname: 'song' })).toBe('/text-to-music/ai-song/song');
    expect(routePath('ImageToVideo', undefined, { channel: 'veo3_campaign' })).toBe('/image-to-video?channel=veo3_campaign');
  });

  it('sends unknown paths, /404 and /debug/test-error to their own routes', () => {
    expect(resolve('/no/such/page').id).toBe('catch-all');
    expect(resolve('/ai-tools/unknown-tool').id).toBe('catch-all');
    expect(resolve('/404').id).toBe('not-found-page');
    expect(resolve('/debug/test-error').id).toBe('debug-test-error');
  });
});

describe('route table, rendered', () => {
  let restore: () => void;
  beforeEach(() => {
    mfDouble.__reset();
    registerAllRemoteDoubles();
    restore = quietConsole();
  });
  afterEach(() => restore());

  it('redirects / to /home and /create to /image-to-video, keeping the query', async () => {
    const home = renderShellAt('/?pactivity=x');
    await waitFor(() => expect(home.router.state.location.pathname).toBe('/home'));
    expect(home.router.state.location.search).toBe('?pactivity=x');
    expect(await screen.findByTestId('remote-page')).toHaveAttribute('data-module', 'remote_explore/HomePage');
    home.unmount();

    const create = renderShellAt('/create');
    await waitFor(() => expect(create.router.state.location.pathname).toBe('/image-to-video'));
    expect(await screen.findByTestId('remote-page')).toHaveAttribute('data-props', JSON.stringify({ mode: 'image-to-video' }));
  });

  it('renders the alias /ai-tools/hot as the tools list inside the chrome', async () => {
    renderShellAt('/ai-tools/hot');
    const page = await screen.findByTestId('remote-page');
    expect(page).toHaveAttribute('data-module', 'remote_tools/AiToolsPage');
    expect(page).toHaveAttribute('data-props', JSON.stringify({ category: 'hot' }));
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeInTheDocument();
  });

  it('renders /template without header and sidebar', async () => {
    renderShellAt('/template');
    expect(await screen.findByTestId('remote-page')).toHaveAttribute('data-module', 'remote_explore/TemplatePage');
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).not.toBeInTheDocument();
  });

  it('shows the non-fatal "Page not found: {path}" inside the layout for an unmatched route', async () => {
    renderShellAt('/no/such/page');
    expect(await screen.findByText('Page not found: /no/such/page')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
  });

  it('shows the fatal "Page Not Found: {path}" without chrome when a page fails validation', async () => {
    renderShellAt('/text-to-video/Not_A_Slug!');
    expect(await screen.findByText('Page Not Found: /text-to-video/Not_A_Slug!')).toBeInTheDocument();
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(screen.queryByTestId('remote-page')).not.toBeInTheDocument();
  });

  it('fails validation for an unknown music tab', async () => {
    renderShellAt('/text-to-music/ai-song/karaoke');
    expect(await screen.findByText('Page Not Found: /text-to-music/ai-song/karaoke')).toBeInTheDocument();
  });

  it('routes the /debug/test-error throw to the error page (500)', async () => {
    renderShellAt('/debug/test-error');
    expect(await screen.findByRole('heading', { name: 'Oops! Something went wrong on our end' })).toBeInTheDocument();
    expect(screen.getAllByText(/throws on purpose/).length).toBeGreaterThan(0);
    // the 500 page keeps the header and the menu
    expect(screen.getByRole('banner')).toBeInTheDocument();
  });

  it('shows the 404 page at /404', async () => {
    renderShellAt('/404');
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
    expect(screen.queryByText(/Page not found:/)).not.toBeInTheDocument();
  });
});
