import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { ShellContext } from 'shared-contracts';
import { createFakeShell, makeUser, renderWithShell } from '../../../../test-support/shell-double';
import { AI_TOOLS, CREATION_MODES } from '../utils/catalog';
import { HomePage } from './home-page';

const TOOL_ROUTES = [
  '/ai-tools/video-enhancer',
  '/ai-tools/image-enhancer',
  '/ai-tools/bg-remover',
  '/ai-tools/object-remover',
  '/ai-tools/partial-redrawing',
  '/ai-tools/ai-talking-avatar',
  '/ai-tools/video-eraser',
  '/ai-tools/lip-sync',
];
/** the routes of spec section 2 a home entry may lead to */
const KNOWN_ROUTES = new Set([
  '/text-to-video',
  '/image-to-video',
  '/video-to-anime',
  '/text-to-image',
  '/image-to-image',
  '/text-to-music',
  '/text-to-music?tab=song',
  '/effect',
  '/ai-tools',
  '/ai-tools/video',
  '/ai-tools/image',
  '/ai-tools/audio',
  ...TOOL_ROUTES,
  // the tools of spec section 1 beyond the route table have editor routes of their own (issue 11)
  '/ai-tools/video-object-remover',
  '/ai-tools/talking-photo',
  '/ai-tools/video-denoise',
  '/ai-tools/text-watermark-remover',
  '/ai-tools/image-extender',
  '/ai-tools/audio-tools',
]);

describe('HomePage', () => {
  it('has the hero headline and a primary call to action to image to video', () => {
    const { shell } = renderWithShell(<HomePage />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/ideas into video/i);
    const cta = screen.getByRole('link', { name: 'Start with Image to Video' });
    expect(cta).toHaveAttribute('href', '/image-to-video');
    fireEvent.click(cta);
    expect(shell.navigate).toHaveBeenCalledWith('/image-to-video');
  });

  it('links every creation mode of the product, song through the song tab', () => {
    renderWithShell(<HomePage />);
    const section = screen.getByRole('region', { name: 'Create with AI' });
    const hrefs = within(section)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    expect(hrefs).toEqual([
      '/text-to-video',
      '/image-to-video',
      '/video-to-anime',
      '/text-to-image',
      '/image-to-image',
      '/text-to-music',
      '/text-to-music?tab=song',
      '/effect',
    ]);
  });

  it('lists all fifteen AI tools, each on its own editor route or a known list', () => {
    renderWithShell(<HomePage />);
    const section = screen.getByRole('region', { name: 'AI tools' });
    const links = within(section).getAllByRole('link');
    expect(links).toHaveLength(15);
    const hrefs = links.map((link) => link.getAttribute('href'));
    for (const route of TOOL_ROUTES) expect(hrefs).toContain(route);
    for (const href of hrefs) expect(KNOWN_ROUTES.has(href ?? '')).toBe(true);
    expect(AI_TOOLS.map((tool) => tool.title)).toEqual(
      expect.arrayContaining(['Video Enhancer', 'Lip Sync', 'Video Denoise', 'Text & Watermark Remover', 'Image Extender', 'Audio Tools']),
    );
  });

  it('navigates in-app on a plain click and leaves modified clicks to the browser', () => {
    const { shell } = renderWithShell(<HomePage />);
    const song = screen.getByRole('link', { name: /Text to Song/ });
    fireEvent.click(song);
    expect(shell.navigate).toHaveBeenLastCalledWith('/text-to-music?tab=song');
    shell.navigate.mockClear();
    fireEvent.click(song, { ctrlKey: true });
    expect(shell.navigate).not.toHaveBeenCalled();
    expect(CREATION_MODES).toHaveLength(8);
  });
});

describe("HomePage's rows", () => {
  it("keeps what is below the rows back until a member's rows have answered, so their arrival pushes nothing down", async () => {
    const shell = createFakeShell({ user: makeUser() });
    let answerTrending: (value: unknown) => void = () => undefined;
    shell.handlers.set('GET /v1/workflow/explore/list', () => new Promise((resolve) => (answerTrending = resolve)));
    shell.handlers.set('GET /v1/recommend/tpl', () => []);
    render(
      <ShellContext.Provider value={shell}>
        <SWRConfig value={{ provider: () => new Map() }}>
          <HomePage />
        </SWRConfig>
      </ShellContext.Provider>,
    );
    await waitFor(() => expect(shell.callMock).toHaveBeenCalledWith('GET /v1/workflow/explore/list', expect.anything()));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByRole('region', { name: 'Create with AI' })).toBeNull();
    answerTrending({ list: [{ id: 9, title: 'Theirs', media: 'image', thumbnail: '/t.webp', author: { name: 'Ann', avatar: '', is_studio: false } }], total: 1 });
    expect(await screen.findByRole('region', { name: 'Create with AI' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Trending in Explore' })).toBeInTheDocument();
  });
});
