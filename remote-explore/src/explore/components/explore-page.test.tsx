import { act, fireEvent, screen, within } from '@testing-library/react';
import { mockAllIsIntersecting, resetIntersectionMocking, setupIntersectionMocking } from 'react-intersection-observer/test-utils';
import { EXPLORE_PAGE_SIZE, PREVIEW_LABEL, REPORT_REASONS, type ExploreEntry } from 'shared-contracts';
import { FIRST_SCREEN_DATA_ID, FIRST_SCREEN_PRERENDER_ID } from 'shared-contracts/first-load';
import { createShellDouble, renderWithShell } from '../../../../test-support/shell-double';
import { ExplorePage } from './explore-page';

const entry = (id: number, media: ExploreEntry['media'] = 'image'): ExploreEntry => ({
  id,
  title: `Item ${id}`,
  media,
  thumbnail: `/v1/common/oss/file/t/${id}.webp`,
  preview_url: `/v1/common/oss/file/p/${id}`,
  url: `/v1/common/oss/file/f/${id}`,
  recommend: id % 2 === 0,
  extra_data: JSON.stringify({ width: 300, height: 400 }),
  algorithm: 'text2image',
  prompt: `prompt ${id}`,
  module: 'text-to-image',
  settings: [{ field: 'ratio', val: '3:4' }],
  author: { name: 'Studio Showcase', avatar: '', is_studio: true },
  width: 300,
  height: 400,
  duration: 0,
  likes: 0,
  liked: 0,
  is_own: false,
  published: true,
  created_at: 0,
  // the showcase's renders say what made them (issue 21)
  ...(id === 1 ? { engine: { name: 'local:procedural-art', note: 'A preview rendered procedurally; no generative model ran.' } } : {}),
});

function setup(total: number) {
  const shell = createShellDouble();
  const all = Array.from({ length: total }, (_, i) => entry(i + 1, i % 5 === 0 ? 'video' : 'image'));
  shell.api.call.mockImplementation(async (key: string, input?: { query?: Record<string, unknown>; body?: Record<string, unknown> }) => {
    if (key === 'GET /v1/workflow/explore/list') {
      const { page, page_size, media } = input?.query as { page: number; page_size: number; media?: string };
      const list = media ? all.filter((item) => item.media === media) : all;
      return { list: list.slice((page - 1) * page_size, page * page_size), paginate: { total: list.length } };
    }
    if (key === 'POST /v1/explore/report') return null;
    throw new Error(`unexpected ${key}`);
  });
  renderWithShell(<ExplorePage />, shell);
  return shell;
}

const listCalls = (shell: ReturnType<typeof createShellDouble>) =>
  shell.api.call.mock.calls.filter((call: unknown[]) => call[0] === 'GET /v1/workflow/explore/list').map((call: unknown[]) => (call[1] as { query: Record<string, unknown> }).query);

beforeEach(() => setupIntersectionMocking(jest.fn));
afterEach(() => resetIntersectionMocking());

describe('ExplorePage', () => {
  it('loads the first screen of thumbnails at once (the first row at high priority) and the rest lazily', async () => {
    setup(12);
    await screen.findByRole('button', { name: /^Video Item 1 Studio/ });
    const thumbnail = (id: number) => document.querySelector(`img[src$="/t/${id}.webp"]`);
    expect(thumbnail(1)).toHaveAttribute('loading', 'eager');
    expect(thumbnail(1)).toHaveAttribute('fetchpriority', 'high');
    expect(thumbnail(2)).toHaveAttribute('fetchpriority', 'high');
    expect(thumbnail(3)).toHaveAttribute('fetchpriority', 'auto');
    expect(thumbnail(4)).toHaveAttribute('loading', 'eager');
    expect(thumbnail(4)).toHaveAttribute('fetchpriority', 'auto');
    expect(thumbnail(5)).toHaveAttribute('loading', 'lazy');
  });

  it('asks for the next page from the number loaded and filters by media', async () => {
    const shell = setup(45);
    await screen.findByRole('button', { name: /^Video Item 1 Studio/ });
    expect(screen.getAllByTestId('explore-card')).toHaveLength(EXPLORE_PAGE_SIZE);
    expect(listCalls(shell)[0]).toEqual({ page: 1, page_size: EXPLORE_PAGE_SIZE });
    // the end marker comes into view: page 2 (from the 20 loaded), then 3, then 'All loaded'
    await act(async () => mockAllIsIntersecting(true));
    await screen.findByRole('button', { name: /^Image Item 40 Studio/ });
    await act(async () => mockAllIsIntersecting(false));
    await act(async () => mockAllIsIntersecting(true));
    await screen.findByText('All loaded');
    expect(screen.getAllByTestId('explore-card')).toHaveLength(45);
    expect(listCalls(shell).map((q) => q.page)).toEqual([1, 2, 3]);
    fireEvent.click(screen.getByRole('button', { name: 'Video' }));
    await screen.findByText('9 creations');
    expect(listCalls(shell).at(-1)).toEqual({ page: 1, page_size: EXPLORE_PAGE_SIZE, media: 'video' });
    expect(screen.getAllByTestId('explore-card').every((card) => card.textContent?.startsWith('Video'))).toBe(true);
  });

  it("labels a showcase item with the engine that made it, as a result's badge", async () => {
    setup(3);
    const card = await screen.findByRole('button', { name: /^Video Item 1 Studio/ });
    expect(within(card).getByTestId('engine-badge')).toHaveTextContent(PREVIEW_LABEL);
    expect(within(screen.getByRole('button', { name: /^Image Item 2 Studio/ })).queryByTestId('engine-badge')).toBeNull();
  });

  it('reports with one of the 11 reasons or Other with its text, and the item leaves the gallery', async () => {
    const shell = setup(3);
    shell.session.state.flags.isLogin = true;
    fireEvent.click(await screen.findByRole('button', { name: /^Image Item 2 Studio/ }));
    const detail = await screen.findByRole('dialog', { name: 'Item 2' });
    fireEvent.click(within(detail).getByRole('button', { name: 'Report' }));
    const dialog = screen.getByRole('dialog', { name: 'Report' });
    const radios = within(dialog).getAllByRole('radio');
    expect(radios.map((radio) => (radio as HTMLInputElement).value)).toEqual([...REPORT_REASONS, 'Other']);
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Other' }));
    expect(within(dialog).getByRole('button', { name: 'Submit' })).toBeDisabled();
    fireEvent.change(within(dialog).getByLabelText('Tell us more'), { target: { value: 'spam' } });
    await act(async () => void fireEvent.click(within(dialog).getByRole('button', { name: 'Submit' })));
    expect(shell.api.call).toHaveBeenCalledWith('POST /v1/explore/report', { body: { explore_id: 2, reason: 'Other', other: 'spam' } });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Image Item 2 Studio/ })).toBeNull();
    expect(screen.getAllByTestId('explore-card')).toHaveLength(2);
  });
});

describe("ExplorePage from a visitor's first HTML", () => {
  beforeEach(() => setupIntersectionMocking(jest.fn));
  afterEach(() => resetIntersectionMocking());

  it("starts from the first page the first HTML carried (the gateway's first screen), replaces the copy when first drawn, and asks only for the next page", async () => {
    const copy = document.createElement('div');
    copy.id = FIRST_SCREEN_PRERENDER_ID;
    copy.innerHTML = '<h1>Explore</h1>';
    const block = document.createElement('script');
    block.id = FIRST_SCREEN_DATA_ID;
    block.type = 'application/json';
    const first = Array.from({ length: EXPLORE_PAGE_SIZE }, (_, i) => entry(i + 1));
    block.textContent = JSON.stringify({ [`/v1/workflow/explore/list?page=1&page_size=${EXPLORE_PAGE_SIZE}`]: { list: first, paginate: { total: 25 } } });
    document.body.append(copy, block);
    const shell = createShellDouble();
    shell.api.call.mockImplementation(async (_key: string, input?: { query?: { page: number } }) => ({
      list: input?.query?.page === 2 ? [21, 22, 23, 24, 25].map((id) => entry(id)) : first,
      paginate: { total: 25 },
    }));
    renderWithShell(<ExplorePage />, shell);
    // the first render is the copy's: the carried items, the copy gone, one title
    expect(screen.getAllByTestId('explore-card')).toHaveLength(EXPLORE_PAGE_SIZE);
    expect(document.getElementById(FIRST_SCREEN_PRERENDER_ID)).toBeNull();
    expect(screen.getAllByRole('heading', { level: 1, name: 'Explore' })).toHaveLength(1);
    expect(screen.getAllByTestId('explore-card')[0]?.querySelector('img')).toHaveAttribute('fetchpriority', 'high');
    await act(async () => undefined);
    expect(listCalls(shell)).toEqual([]);
    act(() => mockAllIsIntersecting(true));
    expect(await screen.findByText('Item 25')).toBeInTheDocument();
    expect(listCalls(shell)).toEqual([{ page: 2, page_size: EXPLORE_PAGE_SIZE }]);
    block.remove();
  });

  it("draws the carried cards once, in the window's columns from the first commit (a phone: 2), and follows the shell's viewport", async () => {
    const block = document.createElement('script');
    block.id = FIRST_SCREEN_DATA_ID;
    block.type = 'application/json';
    const first = Array.from({ length: EXPLORE_PAGE_SIZE }, (_, i) => entry(i + 1));
    block.textContent = JSON.stringify({ [`/v1/workflow/explore/list?page=1&page_size=${EXPLORE_PAGE_SIZE}`]: { list: first, paginate: { total: 20 } } });
    document.body.append(block);
    const shell = createShellDouble(375);
    shell.api.call.mockImplementation(async () => ({ list: [], paginate: { total: 20 } }));
    // every card element the page ever adds: a gallery first drawn in the width table's default columns and moved
    // into the window's after its first commit would add each card twice
    const added = new Set<Element>();
    const observer = new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.addedNodes) if (node instanceof Element) node.querySelectorAll('[data-testid="explore-card"]').forEach((card) => added.add(card));
    });
    observer.observe(document.body, { childList: true, subtree: true });
    renderWithShell(<ExplorePage />, shell);
    await act(async () => undefined);
    observer.disconnect();
    const columns = () => Array.from(document.querySelectorAll('.explore-masonry-column'), (column) => column.querySelectorAll('[data-testid="explore-card"]').length);
    expect(columns()).toEqual([10, 10]);
    expect(added.size).toBe(EXPLORE_PAGE_SIZE);
    // the window widens (the shell's viewport follows resizes): the gallery's columns with it
    await act(async () => Object.assign(shell.viewport, { width: 1440, isPhone: false, isDesktop: true }));
    expect(columns()).toEqual([4, 4, 4, 4, 4]);
    await act(async () => Object.assign(shell.viewport, { width: 2000 }));
    expect(columns()).toHaveLength(6);
    block.remove();
  });
});
