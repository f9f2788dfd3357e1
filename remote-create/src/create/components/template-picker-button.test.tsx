import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RemoteModuleHost, RemoteModuleHostProps, RemoteModuleName, Template, TemplatePickerProps } from 'shared-contracts';
import { createShellDouble, renderWithShell } from '../../../../test-support/shell-double';
import { TemplatePickerButton } from './template-picker-button';

const musicTemplate = {
  tpl_id: 4001,
  name: 'Rainy lofi',
  extra: '{}',
  info: { algorithm: 'mai_tcm', module: 'text-to-music', request: { fields: [] } },
} as unknown as Template;
const effect = {
  tpl_id: 3003,
  name: 'Glitch',
  extra: JSON.stringify({ media: 'video', fun_module: 'effect', category_id: 301, semantic: 'glitch', inputs: [], tip: '', width: 0, height: 0 }),
  info: { algorithm: 'effect', module: 'effect-create', request: { fields: [] } },
} as unknown as Template;

/** The shell's host, as a double: shows which module and props a remote asked for. */
function hostDouble(seen: RemoteModuleHostProps<RemoteModuleName>[], pick: Template): RemoteModuleHost {
  return function Host(props) {
    seen.push(props as RemoteModuleHostProps<RemoteModuleName>);
    const picker = props.props as TemplatePickerProps;
    return (
      <div role="dialog" aria-label={picker.title}>
        <button type="button" onClick={() => picker.onPick(pick)}>
          Use
        </button>
      </div>
    );
  };
}

describe('the template picker button', () => {
  it("opens remote-explore's picker through the shell with the screen's media, and a pick opens the template's screen with tplId", async () => {
    const shell = createShellDouble();
    const seen: RemoteModuleHostProps<RemoteModuleName>[] = [];
    shell.RemoteModule = hostDouble(seen, musicTemplate);
    renderWithShell(<TemplatePickerButton mode="text-to-music" />, shell);
    // nothing of the picker is loaded before the click
    expect(seen).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Start from a template' }));
    expect(seen[0]).toMatchObject({ module: 'remote_explore/TemplatePicker', props: { open: true, media: 'audio', title: 'Music templates' } });
    await userEvent.click(screen.getByRole('button', { name: 'Use' }));
    expect(shell.navigate).toHaveBeenCalledWith('/text-to-music?tplId=4001');
  });

  it("opens an effect's own creation screen, and shows no button in a shell without the host", async () => {
    const shell = createShellDouble();
    const seen: RemoteModuleHostProps<RemoteModuleName>[] = [];
    shell.RemoteModule = hostDouble(seen, effect);
    const view = renderWithShell(<TemplatePickerButton mode="effect-create" />, shell);
    await userEvent.click(screen.getByRole('button', { name: 'Start from a template' }));
    expect(seen[0].props).toMatchObject({ funModule: 'effect', title: 'Effects' });
    await userEvent.click(screen.getByRole('button', { name: 'Use' }));
    expect(shell.navigate).toHaveBeenCalledWith('/effect/create/glitch?tplId=3003');
    view.unmount();

    renderWithShell(<TemplatePickerButton mode="text-to-image" />, createShellDouble());
    expect(screen.queryByRole('button', { name: 'Start from a template' })).not.toBeInTheDocument();
  });
});
