import { seoRoutes } from './seo-routes';

describe('seo-routes.json', () => {
  it("gives each route its module's props (what the gateway's first-screen rendering of the module is given), none where the module takes none", () => {
    const routes = seoRoutes().routes;
    const of = (path: string) => routes.find((route) => route.path === path || route.path.startsWith(`${path}/`));
    expect(of('/text-to-video')).toMatchObject({ module: 'remote_create/CreateScreen', props: { mode: 'text-to-video' } });
    expect(of('/text-to-music')).toMatchObject({ module: 'remote_create/CreateScreen', props: { mode: 'text-to-music' } });
    expect(of('/ai-tools')).toMatchObject({ module: 'remote_tools/AiToolsPage', props: { category: 'hot' } });
    expect(of('/home')).not.toHaveProperty('props');
  });
});
