import { fireEvent, screen, within } from '@testing-library/react';
import type { AiToolCategory } from 'shared-contracts';
import { renderWithShell } from '../../../../test-support/shell-double';
import { TOOLS, toolsFor } from '../utils/catalog';
import { AiToolsPage } from './ai-tools-page';

function listed(): string[] {
  const panel = screen.getByRole('tabpanel');
  return within(panel)
    .getAllByRole('listitem')
    .map((item) => item.getAttribute('data-tool') ?? '');
}

describe('AI tools list', () => {
  it('knows the fifteen tools of the product', () => {
    expect(TOOLS).toHaveLength(15);
    expect(new Set(TOOLS.map((t) => t.id)).size).toBe(15);
  });

  it.each<[AiToolCategory, string[]]>([
    ['hot', ['video-enhancer', 'image-enhancer', 'bg-remover', 'object-remover', 'partial-redrawing', 'ai-talking-avatar', 'video-eraser', 'lip-sync']],
    ['audio', ['ai-talking-avatar', 'lip-sync', 'video-denoise', 'audio-tools']],
    ['image', ['image-enhancer', 'bg-remover', 'object-remover', 'partial-redrawing', 'text-watermark-remover', 'image-extender']],
  ])('shows the %s tools only', (category, ids) => {
    renderWithShell(<AiToolsPage category={category} />);
    expect(screen.getByRole('tab', { selected: true })).toHaveAttribute('data-category', category);
    expect(listed()).toEqual(ids);
  });

  it('video lists every video tool and all lists everything', () => {
    expect(toolsFor('video').every((t) => t.media.includes('video'))).toBe(true);
    expect(toolsFor('video').map((t) => t.id)).toContain('video-object-remover');
    expect(toolsFor('all')).toHaveLength(15);
  });

  it('links each tool with an editor to its route and says which are not available yet', () => {
    renderWithShell(<AiToolsPage category="all" />);
    expect(screen.getByRole('link', { name: /Background Remover/ })).toHaveAttribute('href', '/ai-tools/bg-remover');
    expect(screen.getByRole('link', { name: /Effect Templates/ })).toHaveAttribute('href', '/effect');
    expect(screen.getByRole('link', { name: /Lip Sync/ })).toHaveAttribute('href', '/ai-tools/lip-sync');
    const denoise = screen.getByText('Video Denoise').closest('li') as HTMLElement;
    expect(within(denoise).queryByRole('link')).toBeNull();
    expect(denoise).toHaveTextContent('Not available yet');
  });

  it('switching tab filters and moves to the category route', () => {
    const { shell } = renderWithShell(<AiToolsPage category="hot" />);
    fireEvent.click(screen.getByRole('tab', { name: 'Audio' }));
    expect(listed()).toEqual(['ai-talking-avatar', 'lip-sync', 'video-denoise', 'audio-tools']);
    expect(shell.navigate).toHaveBeenCalledWith('/ai-tools/audio');
    fireEvent.click(screen.getByRole('tab', { name: 'All' }));
    expect(listed()).toHaveLength(15);
    fireEvent.keyDown(screen.getByRole('tablist'), { key: 'ArrowRight' });
    expect(screen.getByRole('tab', { selected: true })).toHaveTextContent('Video');
    expect(shell.navigate).toHaveBeenLastCalledWith('/ai-tools/video');
  });
});
