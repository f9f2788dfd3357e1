import { screen } from '@testing-library/react';
import type { AiToolSlug } from 'shared-contracts';
import { renderWithShell } from '../../../../test-support/shell-double';
import { IMAGE_TOOL_RULE, VIDEO_ENHANCER_RULE, VIDEO_ERASER_RULE } from '../utils/editors';
import { ToolEditor } from './tool-editor';

describe('ToolEditor', () => {
  it.each<[AiToolSlug, string, string]>([
    ['video-enhancer', 'Video Enhancer', VIDEO_ENHANCER_RULE],
    ['image-enhancer', 'Image Enhancer', IMAGE_TOOL_RULE],
    ['video-eraser', 'Video Eraser', VIDEO_ERASER_RULE],
  ])('%s shows its title, its upload rule and a disabled action', (tool, title, rule) => {
    renderWithShell(<ToolEditor tool={tool} />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(title);
    expect(screen.getByText(rule)).toBeInTheDocument();
    const action = screen.getAllByRole('button').find((b) => b.hasAttribute('aria-describedby')) as HTMLElement;
    expect(action).toBeDisabled();
    expect(action).toHaveAccessibleDescription(`${title} is not available yet.`);
  });

  it('the background remover has a back button, the others none', () => {
    const { unmount } = renderWithShell(<ToolEditor tool="bg-remover" />);
    expect(screen.getByRole('button', { name: 'Back' })).toBeEnabled();
    unmount();
    renderWithShell(<ToolEditor tool="object-remover" />);
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
  });
});
