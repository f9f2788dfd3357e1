import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider, useNavigate } from 'react-router';
import { isLeaving, useLeaveGuard } from './use-leave-guard';

// jsdom has no Request; react-router's data router builds one per navigation
if (typeof globalThis.Request === 'undefined') {
  Object.assign(globalThis, {
    Request: class {
      readonly url: string;
      readonly method = 'GET';
      readonly signal = new AbortController().signal;
      constructor(input: string | URL) {
        this.url = String(input);
      }
    },
  });
}

function Screen({ initialReason }: { initialReason: string | null }) {
  const [reason, setReason] = useState(initialReason);
  const { blocker, allowNext } = useLeaveGuard(reason);
  const navigate = useNavigate();
  return (
    <>
      <h1>Screen</h1>
      <button type="button" onClick={() => void navigate('/other')}>Leave</button>
      <button type="button" onClick={() => void navigate('/?tab=song')}>Tab</button>
      <button type="button" onClick={() => setReason(null)}>Done</button>
      <button
        type="button"
        onClick={() => {
          allowNext();
          void navigate('/other');
        }}
      >
        Confirmed leave
      </button>
      {blocker.state === 'blocked' ? <p role="status">Held: {reason}</p> : null}
    </>
  );
}

function renderGuarded(reason: string | null) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <Screen initialReason={reason} /> },
      { path: '/other', element: <h1>Other page</h1> },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('useLeaveGuard', () => {
  it('holds a move to another page while there is a reason, and says it', async () => {
    renderGuarded('Your task is in progress');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Leave' })));
    expect(screen.getByRole('status')).toHaveTextContent('Held: Your task is in progress');
    expect(screen.getByRole('heading', { name: 'Screen' })).toBeInTheDocument();
  });

  it('lets a query change on the same page through', async () => {
    const router = renderGuarded('Your task is in progress');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Tab' })));
    expect(screen.queryByRole('status')).toBeNull();
    expect(router.state.location.search).toBe('?tab=song');
  });

  it('lets a held move through once the reason goes away', async () => {
    renderGuarded('Your task is in progress');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Leave' })));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Done' })));
    expect(await screen.findByRole('heading', { name: 'Other page' })).toBeInTheDocument();
  });

  it('lets one confirmed move through with allowNext', async () => {
    renderGuarded('Your task is in progress');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Confirmed leave' })));
    expect(await screen.findByRole('heading', { name: 'Other page' })).toBeInTheDocument();
  });

  it('asks the browser before the tab closes while there is a reason, not after', async () => {
    renderGuarded('Your task is in progress');
    const event = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Done' })));
    const later = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(later);
    expect(later.defaultPrevented).toBe(false);
  });

  it('only a move to another path is a leave', () => {
    expect(isLeaving({ pathname: '/text-to-music' }, { pathname: '/text-to-music' })).toBe(false);
    expect(isLeaving({ pathname: '/text-to-music' }, { pathname: '/home' })).toBe(true);
  });
});
