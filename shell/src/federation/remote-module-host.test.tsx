import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ShellContext, useShell, type Template } from 'shared-contracts';
import { ShellInternalsContext } from '../app/internals';
import { createTestShell, fakeFetch, mfDouble, quietConsole } from '../../test/shell-test-kit';
import { createRemoteRuntime } from './remote-runtime';

const loads: string[] = [];
const recordingFederation = {
  loadRemote: ((name: string, ...rest: unknown[]) => {
    loads.push(name);
    return (mfDouble.loadRemote as (...args: unknown[]) => unknown)(name, ...rest);
  }) as typeof mfDouble.loadRemote,
  registerPlugins: mfDouble.registerPlugins,
  registerRemotes: mfDouble.registerRemotes,
};

/** What a remote does: opens another remote's picker through the shell, never importing it. */
function PickerButton({ onPicked }: { onPicked(name: string): void }) {
  const shell = useShell();
  const [open, setOpen] = useState(false);
  const Host = shell.RemoteModule;
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Templates
      </button>
      {open && Host ? (
        <Host
          module="remote_explore/TemplatePicker"
          area="Template picker"
          props={{ open, media: 'audio', onPick: (template) => onPicked(template.name), onClose: () => setOpen(false) }}
        />
      ) : null}
    </>
  );
}

const picker = {
  default: ({ media, onPick, onClose }: { media?: string; onPick(t: Template): void; onClose(): void }) => (
    <div role="dialog" aria-label="Choose a template" data-media={media}>
      <button type="button" onClick={() => onPick({ name: 'Rainy lofi' } as Template)}>
        Use
      </button>
      <button type="button" onClick={onClose}>
        Close
      </button>
    </div>
  ),
};

function renderButton(onPicked: (name: string) => void) {
  const { shell } = createTestShell();
  shell.internals.runtime = createRemoteRuntime({ fetchImpl: fakeFetch(), plugins: false, federation: recordingFederation });
  render(
    <ShellContext.Provider value={shell.api}>
      <ShellInternalsContext.Provider value={shell.internals}>
        <PickerButton onPicked={onPicked} />
      </ShellInternalsContext.Provider>
    </ShellContext.Provider>,
  );
}

describe('ShellApi.RemoteModule', () => {
  let restore: () => void;
  beforeEach(() => {
    mfDouble.__reset();
    loads.length = 0;
    restore = quietConsole();
  });
  afterEach(() => restore());

  it("loads another remote's module only when a remote renders it, passes its props and its callbacks back", async () => {
    mfDouble.__setRemoteModule('remote_explore/TemplatePicker', picker);
    const picked = jest.fn();
    renderButton(picked);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(loads).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Templates' }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose a template' });
    expect(dialog).toHaveAttribute('data-media', 'audio');
    expect(loads).toEqual(['remote_explore/TemplatePicker']);
    await userEvent.click(screen.getByRole('button', { name: 'Use' }));
    expect(picked).toHaveBeenCalledWith('Rainy lofi');
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // opened again: the loaded module is reused
    await userEvent.click(screen.getByRole('button', { name: 'Templates' }));
    expect(await screen.findByRole('dialog', { name: 'Choose a template' })).toBeInTheDocument();
    expect(loads).toEqual(['remote_explore/TemplatePicker']);
  });

  it('keeps a failed load inside the host: a short alert with Retry that loads it afresh', async () => {
    mfDouble.__failRemote('remote_explore/TemplatePicker', new Error('remoteEntry.js unreachable'));
    renderButton(jest.fn());
    await userEvent.click(screen.getByRole('button', { name: 'Templates' }));
    expect(await screen.findByRole('alert', { name: 'Template picker unavailable' })).toHaveTextContent('Template picker could not be loaded right now.');
    // the page around it keeps working
    expect(screen.getByRole('button', { name: 'Templates' })).toBeEnabled();

    mfDouble.__setRemoteModule('remote_explore/TemplatePicker', picker);
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('dialog', { name: 'Choose a template' })).toBeInTheDocument();
  });
});
