import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SWRConfig } from 'swr';
import { ShellContext, type ShellApi } from 'shared-contracts';
import { HOME_DISCOVERY_DATA_ID, type HomeDiscoveryData } from 'shared-contracts/home-discovery';
import { createFakeShell, makeUser } from '../../../../test-support/shell-double';
import { DiscoverySections } from './discovery-sections';

const entry = (id: number, title: string) => ({
  id,
  title,
  media: 'image',
  thumbnail: `/v1/common/oss/file/showcase/explore-${id}-thumb.webp`,
  author: { name: 'Studio Showcase', avatar: '', is_studio: true },
});
const PRERENDERED = { trending: { list: [entry(1, 'Harbour'), entry(2, 'Lighthouse'), entry(3, 'Forest'), entry(4, 'Desert')], total: 4 }, hot: [] } as unknown as HomeDiscoveryData;

function writeBlock(data: unknown): void {
  const block = document.createElement('script');
  block.id = HOME_DISCOVERY_DATA_ID;
  block.type = 'application/json';
  block.textContent = JSON.stringify(data);
  document.body.appendChild(block);
}

/** a fresh SWR cache each time, inside the shell's context */
const renderSections = (shell: ShellApi) =>
  render(
    <ShellContext.Provider value={shell}>
      <SWRConfig value={{ provider: () => new Map() }}>
        <DiscoverySections />
      </SWRConfig>
    </ShellContext.Provider>,
  );

afterEach(() => document.getElementById(HOME_DISCOVERY_DATA_ID)?.remove());

describe('DiscoverySections', () => {
  it("renders a visitor's trending row from the gateway's answers with the page, without asking the API, and drops the block", async () => {
    writeBlock(PRERENDERED);
    const shell = createFakeShell();
    const call = jest.spyOn(shell.api, 'call');
    renderSections(shell);
    const row = screen.getByRole('region', { name: 'Trending in Explore' });
    const images = within(row).getAllByRole('presentation', { hidden: true }).filter((node) => node.tagName === 'IMG');
    expect(images).toHaveLength(4);
    // the first pictures are in view: loaded at once, the first with high priority; the rest lazily
    expect(images.map((img) => img.getAttribute('loading'))).toEqual(['eager', 'eager', 'eager', 'lazy']);
    expect(images[0]).toHaveAttribute('fetchpriority', 'high');
    expect(images[1]).toHaveAttribute('fetchpriority', 'auto');
    expect(images[0]).toHaveAttribute('width', '300');
    expect(images[0]).toHaveAttribute('height', '400');
    await waitFor(() => expect(document.getElementById(HOME_DISCOVERY_DATA_ID)).toBeNull());
    expect(call).not.toHaveBeenCalledWith('GET /v1/workflow/explore/list', expect.anything());
  });

  it('fetches the rows when there is no block, and ignores a block once someone has signed in', async () => {
    writeBlock(PRERENDERED);
    const shell = createFakeShell({ user: makeUser() });
    shell.handlers.set('GET /v1/workflow/explore/list', () => ({ list: [entry(9, 'Theirs')], total: 1 }));
    shell.handlers.set('GET /v1/recommend/tpl', () => []);
    renderSections(shell);
    expect(await screen.findByRole('link', { name: 'Theirs by Studio Showcase' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Harbour by Studio Showcase' })).toBeNull();
  });

  it("runs a hot template from Home with 'Use this template' (its own dialog, not the template browser's front page), and 'Go create' opens its screen with it", async () => {
    const shell = createFakeShell({ user: makeUser() });
    const template = {
      tpl_id: 7,
      name: 'Dance party',
      thumbnail: '/v1/common/oss/file/t/7.webp',
      thumbnail_link: '',
      cover_conf: { thumbnail_url: '', preview_url: '' },
      preview_url: '',
      action_conf: { hot: true },
      extra: '{}',
      info: { algorithm: 'image2video', module: 'image-to-video', request: { fields: [{ field: 'prompt', val: 'dance' }] } },
    };
    shell.handlers.set('GET /v1/workflow/explore/list', () => ({ list: [], total: 0 }));
    shell.handlers.set('GET /v1/recommend/tpl', () => [template]);
    shell.handlers.set('GET /v1/ai/cost/{algorithm}', () => ({ cost: 30, basis: '' }));
    const navigate = jest.spyOn(shell, 'navigate');
    renderSections(shell);
    const row = await screen.findByRole('region', { name: 'Hot templates' });
    await userEvent.click(within(row).getByRole('button', { name: 'Use this template' }));
    expect(await screen.findByRole('dialog', { name: 'Dance party' })).toBeInTheDocument();
    expect(navigate).not.toHaveBeenCalled();
    await userEvent.click(within(row).getByRole('button', { name: 'Go create' }));
    expect(navigate).toHaveBeenCalledWith('/image-to-video?tplId=7');
  });
});
