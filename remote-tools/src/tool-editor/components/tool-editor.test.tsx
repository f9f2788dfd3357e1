import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { USER_TEXTS, type AiToolSlug } from 'shared-contracts';
import { FIRST_SCREEN_PRERENDER_ID } from 'shared-contracts/first-load';
import { EDITOR_TOOLS } from 'shared-contracts/tools';
import { createShellDouble } from '../../../../test-support/shell-double';
import { renderRoute } from '../../../../test-support/render-route';
import { ToolEditor } from './tool-editor';

function loggedIn() {
  const shell = createShellDouble();
  shell.session.state.flags = { ...shell.session.state.flags, isLogin: true, curCredits: 10 };
  return shell;
}

describe('ToolEditor', () => {
  it.each(EDITOR_TOOLS.map((t) => [t.slug, t] as const))('%s: title, upload rule, an action that waits for a file', async (slug, tool) => {
    renderRoute(<ToolEditor tool={slug as AiToolSlug} />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(tool.title);
    expect(screen.getAllByText(tool.uploads[0].rule).length).toBeGreaterThan(0);
    expect(screen.getByTestId('tool-action')).toBeDisabled();
    expect(document.body).not.toHaveTextContent(/not available/i);
    for (const button of screen.getAllByRole('button')) expect(button).toHaveAccessibleName();
    await act(async () => undefined);
  });

  // issue 21 case 8 (and 6, 7): every tool page names its engine before anything can be charged
  it.each(EDITOR_TOOLS.map((t) => [t.slug] as const))('%s: names the engine that will run it before the action', async (slug) => {
    renderRoute(<ToolEditor tool={slug as AiToolSlug} />);
    const notice = screen.getByTestId('tool-engine-notice');
    expect(notice.compareDocumentPosition(screen.getByTestId('tool-action')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(notice.querySelector('[data-testid="engine-badge"]')?.textContent).toMatch(/^(Local · |Preview · no AI model)/);
    await act(async () => undefined);
  });

  it('the talking tools say no talking-head model runs, and AI Replace that it recolours, before the button', async () => {
    for (const slug of ['talking-photo', 'ai-talking-avatar', 'lip-sync'] as AiToolSlug[]) {
      const { unmount } = renderRoute(<ToolEditor tool={slug} />);
      expect(screen.getByTestId('tool-engine-notice')).toHaveTextContent('No talking-head model runs on this server');
      unmount();
    }
    renderRoute(<ToolEditor tool="partial-redrawing" />);
    expect(screen.getByTestId('tool-engine-notice')).toHaveTextContent(/recoloured .* It does not draw new objects/);
    await act(async () => undefined);
  });

  it('the background remover names its model before the action', async () => {
    const shell = loggedIn();
    renderRoute(<ToolEditor tool="bg-remover" />, { shell });
    expect(screen.getByTestId('tool-engine-notice')).toHaveTextContent('Local · ISNet');
    await act(async () => undefined);
  });

  it('the background remover has a back button, the others none', () => {
    const { unmount } = renderRoute(<ToolEditor tool="bg-remover" />);
    expect(screen.getByRole('button', { name: 'Back' })).toBeEnabled();
    unmount();
    renderRoute(<ToolEditor tool="object-remover" />);
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
  });

  it('a visitor choosing a file is asked to sign in first', () => {
    const shell = createShellDouble();
    const asked = jest.fn();
    shell.bus.on('account:login-required', asked);
    renderRoute(<ToolEditor tool="image-enhancer" />, { shell });
    fireEvent.change(screen.getByLabelText('Upload image'), { target: { files: [new File(['x'], 'a.png', { type: 'image/png' })] } });
    expect(asked).toHaveBeenCalled();
    expect(shell.api.upload).not.toHaveBeenCalled();
  });

  it('refuses a file the tool does not take, with the spec text, before sending anything', async () => {
    const shell = loggedIn();
    renderRoute(<ToolEditor tool="object-remover" />, { shell });
    fireEvent.change(screen.getByLabelText('Upload image'), { target: { files: [new File(['GIF89a'], 'anim.gif', { type: 'image/gif' })] } });
    expect(await screen.findByRole('alert')).toHaveTextContent(USER_TEXTS.UNSUPPORTED_FORMAT);
    expect(shell.api.upload).not.toHaveBeenCalled();
    expect(shell.api.call).not.toHaveBeenCalledWith('GET /v1/common/oss/token', expect.anything(), expect.anything());
  });

  it('the image extender keeps files below 25MB', async () => {
    renderRoute(<ToolEditor tool="image-extender" />, { shell: loggedIn() });
    const big = new File(['x'], 'big.png', { type: 'image/png' });
    Object.defineProperty(big, 'size', { value: 26 * 1024 * 1024 });
    fireEvent.change(screen.getByLabelText('Upload image'), { target: { files: [big] } });
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Please keep the file size below 25MB'));
  });

  it('several audio files dropped at once ask which one to edit', () => {
    renderRoute(<ToolEditor tool="audio-tools" />, { shell: loggedIn() });
    const files = [new File(['a'], 'one.mp3', { type: 'audio/mpeg' }), new File(['b'], 'two.mp3', { type: 'audio/mpeg' })];
    fireEvent.drop(screen.getByTestId('upload-audio'), { dataTransfer: { files } });
    expect(screen.getByRole('dialog', { name: 'Select one audio to edit' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'two.mp3' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("replaces the first HTML's copy of the editor (the gateway's, from first-screen/server.tsx) when it is first drawn", async () => {
    const copy = document.createElement('div');
    copy.id = FIRST_SCREEN_PRERENDER_ID;
    copy.innerHTML = '<h1>Video Enhancer</h1>';
    document.body.appendChild(copy);
    renderRoute(<ToolEditor tool="video-enhancer" />);
    expect(document.getElementById(FIRST_SCREEN_PRERENDER_ID)).toBeNull();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    await act(async () => undefined);
  });
});

