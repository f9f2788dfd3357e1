import { act, render, screen, waitFor } from '@testing-library/react';
import { ShellContext, useShell } from 'shared-contracts';
import { useEffect, useState } from 'react';
import { ShellInternalsContext } from '../app/internals';
import { createTestShell, fakeFetch, mfDouble, quietConsole } from '../../test/shell-test-kit';
import { createRemoteRuntime } from '../federation/remote-runtime';
import { BILLING_UNAVAILABLE, GlobalHosts } from './global-hosts';

/** A BillingHost double that shows the purchase dialog it was asked for. */
function BillingHostDouble() {
  const { bus } = useShell();
  const [open, setOpen] = useState(false);
  useEffect(() => bus.on('billing:open', () => setOpen(true)), [bus]);
  return open ? <p>purchase dialog</p> : null;
}

describe('the billing host', () => {
  let restore: () => void;
  beforeEach(() => {
    mfDouble.__reset();
    restore = quietConsole();
  });
  afterEach(() => restore());

  it('a click while its remote is down loads it afresh, says so when it still fails, and opens the dialog once it loads', async () => {
    mfDouble.__failRemote('remote_billing/BillingHost', new Error('ScriptNetworkError: remoteEntry.js unreachable'));
    mfDouble.__setRemoteModule('remote_account/AccountHost', { default: () => null });
    const { shell } = createTestShell();
    shell.internals.runtime = createRemoteRuntime({ fetchImpl: fakeFetch(), plugins: false, federation: mfDouble });
    const error = jest.spyOn(shell.api.toast, 'error');
    render(
      <ShellContext.Provider value={shell.api}>
        <ShellInternalsContext.Provider value={shell.internals}>
          <GlobalHosts />
        </ShellInternalsContext.Provider>
      </ShellContext.Provider>,
    );
    // the host loads once the browser is idle, and fails; a click tries again and, still down, is answered
    act(() => shell.api.bus.emit('billing:open', { smart: true, reason: 'header-credits' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith(BILLING_UNAVAILABLE));
    expect(error).toHaveBeenCalledTimes(1);
    // the remote is back: a later click loads it and opens the dialog it asked for
    mfDouble.__setRemoteModule('remote_billing/BillingHost', { default: BillingHostDouble });
    act(() => shell.api.bus.emit('billing:open', { smart: true, reason: 'header-credits' }));
    expect(await screen.findByText('purchase dialog')).toBeInTheDocument();
    expect(error).toHaveBeenCalledTimes(1);
  });
});
