import { fireEvent, screen, within } from '@testing-library/react';
import { type AiToolCategory } from 'shared-contracts';
import { FIRST_SCREEN_DATA_ID, FIRST_SCREEN_PRERENDER_ID } from 'shared-contracts/first-load';
import { AI_TOOLS } from 'shared-contracts/tools';
import { createShellDouble, renderWithShell } from '../../../../test-support/shell-double';
import { toolsFor } from '../utils/catalog';
import { AiToolsPage } from './ai-tools-page';

function listed(): string[] {
  return within(screen.getByRole('tabpanel'))
    .getAllByRole('listitem')
    .map((item) => item.getAttribute('data-tool') ?? '');
}

function withPreviews() {
  const shell = createShellDouble();
  shell.api.call.mockImplementation(async (key: string) => {
    if (key !== 'GET /v1/ai/tools/previews') throw new Error(key);
    return {
      previews: [
        { tool: 'object-remover', status: 'ready', media: 'image', before: '/p/before.png', after: '/p/after.png', engine: 'local:patchmatch', price: '1 credit an image' },
        { tool: 'video-denoise', status: 'rendering', media: 'video', price: '1 credit per 10 s of video' },
      ],
    };
  });
  return shell;
}

describe('AI tools list', () => {
  it.each<[AiToolCategory, string[]]>([
    ['hot', ['video-enhancer', 'image-enhancer', 'bg-remover', 'object-remover', 'partial-redrawing', 'ai-talking-avatar', 'video-eraser', 'lip-sync']],
    ['audio', ['ai-talking-avatar', 'lip-sync', 'video-denoise', 'audio-tools']],
    ['image', ['image-enhancer', 'bg-remover', 'object-remover', 'partial-redrawing', 'text-watermark-remover', 'image-extender']],
  ])('shows the %s tools only', (category, ids) => {
    renderWithShell(<AiToolsPage category={category} />, withPreviews());
    expect(screen.getByRole('tab', { selected: true })).toHaveAttribute('data-category', category);
    expect(listed()).toEqual(ids);
  });

  it('every tool links to its own editor (effects to the effect screens) and none says "not available"', () => {
    renderWithShell(<AiToolsPage category="all" />, withPreviews());
    expect(listed()).toHaveLength(AI_TOOLS.length);
    expect(screen.getByRole('link', { name: /Background Remover/ })).toHaveAttribute('href', '/ai-tools/bg-remover');
    expect(screen.getByRole('link', { name: /Video Denoise/ })).toHaveAttribute('href', '/ai-tools/video-denoise');
    expect(screen.getByRole('link', { name: /Audio Tools/ })).toHaveAttribute('href', '/ai-tools/audio-tools');
    expect(screen.getByRole('link', { name: /Effect Templates/ })).toHaveAttribute('href', '/effect');
    expect(document.body).not.toHaveTextContent(/not available/i);
    expect(toolsFor('video').every((t) => t.media.includes('video'))).toBe(true);
  });

  it('shows the engine-made before/after and the price rule; a preview still rendering says so', async () => {
    renderWithShell(<AiToolsPage category="image" />, withPreviews());
    const card = (await screen.findByText(/1 credit an image/)).closest('li') as HTMLElement;
    expect(within(card).getByRole('img', { name: 'Object Remover: before' })).toHaveAttribute('src', '/p/before.png');
    expect(within(card).getByRole('img', { name: 'Object Remover: after' })).toHaveAttribute('src', '/p/after.png');
    fireEvent.click(screen.getByRole('tab', { name: 'Video' }));
    const denoise = screen.getByText('Video Denoise').closest('li') as HTMLElement;
    expect(denoise).toHaveTextContent('Making the preview…');
  });

  it("loads the first two cards' before/after at once and at high priority (the Hot tab's first may be a video), later cards' lazily", async () => {
    const shell = createShellDouble();
    const ready = (tool: string) => ({ tool, status: 'ready', media: 'image', before: `/p/${tool}-before.png`, after: `/p/${tool}-after.png`, price: '1 credit an image' });
    shell.api.call.mockImplementation(async () => ({ previews: [ready('image-enhancer'), ready('bg-remover'), ready('object-remover')] }));
    renderWithShell(<AiToolsPage category="image" />, shell);
    // two pictures a card (before, after), cards in the tab's order: image-enhancer, bg-remover, object-remover
    const pictures = await screen.findAllByAltText(/: (before|after)$/);
    expect(pictures).toHaveLength(6);
    expect(pictures.map((picture) => [picture.getAttribute('loading'), picture.getAttribute('fetchpriority')])).toEqual([
      ['eager', 'high'],
      ['eager', 'high'],
      ['eager', 'high'],
      ['eager', 'high'],
      ['lazy', 'auto'],
      ['lazy', 'auto'],
    ]);
  });

  it('switching tab filters and moves to the category route', () => {
    const { shell } = renderWithShell(<AiToolsPage category="hot" />, withPreviews());
    fireEvent.click(screen.getByRole('tab', { name: 'Audio' }));
    expect(listed()).toEqual(['ai-talking-avatar', 'lip-sync', 'video-denoise', 'audio-tools']);
    expect(shell.navigate).toHaveBeenCalledWith('/ai-tools/audio');
    fireEvent.keyDown(screen.getByRole('tablist'), { key: 'ArrowRight' });
    expect(screen.getByRole('tab', { selected: true })).toHaveTextContent('Hot');
  });

  it("starts from the previews the first HTML carried (the gateway's first screen) without asking again, and replaces the copy when first drawn", async () => {
    const copy = document.createElement('div');
    copy.id = FIRST_SCREEN_PRERENDER_ID;
    copy.innerHTML = '<h1>AI Tools</h1>';
    const block = document.createElement('script');
    block.id = FIRST_SCREEN_DATA_ID;
    block.type = 'application/json';
    const carried = { previews: [{ tool: 'image-enhancer', status: 'ready', media: 'image', before: '/p/ie-before.png', after: '/p/ie-after.png', price: '1 credit an image' }] };
    block.textContent = JSON.stringify({ '/v1/ai/tools/previews': carried });
    document.body.append(copy, block);
    const shell = withPreviews();
    renderWithShell(<AiToolsPage category="image" />, shell);
    // the first render already has the carried pictures: the page draws what the copy showed
    expect(screen.getByRole('img', { name: 'Image Enhancer: before' })).toHaveAttribute('src', '/p/ie-before.png');
    expect(document.getElementById(FIRST_SCREEN_PRERENDER_ID)).toBeNull();
    expect(screen.getAllByRole('heading', { level: 1, name: 'AI Tools' })).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(shell.api.call).not.toHaveBeenCalled();
    // handed out once: the page shown again later asks for fresh previews
    block.remove();
  });

  it('asks again when a carried preview was still being made', async () => {
    const block = document.createElement('script');
    block.id = FIRST_SCREEN_DATA_ID;
    block.type = 'application/json';
    block.textContent = JSON.stringify({ '/v1/ai/tools/previews': { previews: [{ tool: 'video-denoise', status: 'rendering', media: 'video' }] } });
    document.body.append(block);
    const shell = withPreviews();
    renderWithShell(<AiToolsPage category="image" />, shell);
    expect(await screen.findByRole('img', { name: 'Object Remover: before' })).toHaveAttribute('src', '/p/before.png');
    expect(shell.api.call).toHaveBeenCalledWith('GET /v1/ai/tools/previews', {});
    expect(JSON.parse(block.textContent ?? '')).toEqual({});
    block.remove();
  });
});
