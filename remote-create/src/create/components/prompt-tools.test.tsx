import { screen, within } from '@testing-library/react';
import { createShellDouble, renderWithShell } from '../../../../test-support/shell-double';
import { PromptSamples } from './prompt-tools';

describe('PromptSamples', () => {
  it('holds one row while the samples load, then shows them in that row (nothing below moves)', async () => {
    const shell = createShellDouble();
    let answer: (value: unknown) => void = () => undefined;
    shell.api.call.mockImplementation(() => new Promise((resolve) => (answer = resolve)));
    renderWithShell(<PromptSamples sampleKey="text2video" onPick={() => undefined} />, shell);
    const placeholder = screen.getByTestId('prompt-samples-loading');
    expect(getComputedStyle(placeholder).minHeight).toBe('28px');
    answer([
      { id: 1, prompt: 'A lighthouse at dawn' },
      { id: 2, prompt: 'A cat on a skateboard' },
    ]);
    const group = await screen.findByRole('group', { name: 'Prompt samples' });
    expect(getComputedStyle(group).minHeight).toBe('28px');
    expect(getComputedStyle(group).flexWrap).toBe('nowrap');
    expect(within(group).getAllByRole('button')).toHaveLength(2);
    expect(screen.queryByTestId('prompt-samples-loading')).not.toBeInTheDocument();
  });

  it('shows nothing without a sample key', () => {
    renderWithShell(<PromptSamples onPick={() => undefined} />, createShellDouble());
    expect(screen.queryByTestId('prompt-samples-loading')).not.toBeInTheDocument();
    expect(screen.queryByRole('group')).not.toBeInTheDocument();
  });
});
