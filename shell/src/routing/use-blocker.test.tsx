import { act, fireEvent, render, screen } from '@testing-library/react';
import { Link, UNSAFE_createMemoryHistory, useLocation, type BlockerFunction, type RouteObject } from 'react-router';
import { withBlocking } from './blocking-history';
import { ShellRouter } from './shell-router';
import { useBlocker } from './use-blocker';

/** A screen with a leave guard as ui-kit's useLeaveGuard uses it: asks while `guarded`, only on a path change. */
function Guarded() {
  const { pathname } = useLocation();
  const leaving: BlockerFunction = ({ currentLocation, nextLocation }) => currentLocation.pathname !== nextLocation.pathname;
  const blocker = useBlocker(leaving);
  return (
    <main>
      <p data-testid="at">{pathname}</p>
      <p data-testid="state">{blocker.state}</p>
      <Link to="/other">Other</Link>
      <Link to="/guarded?tab=2">Tab</Link>
      {blocker.state === 'blocked' ? (
        <div role="dialog" aria-label="Reminder">
          <p>{blocker.location.pathname}</p>
          <button onClick={() => blocker.reset()}>Cancel</button>
          <button onClick={() => blocker.proceed()}>Leave</button>
        </div>
      ) : null}
    </main>
  );
}

function Other() {
  return <p data-testid="at">{useLocation().pathname}</p>;
}

const routes: RouteObject[] = [
  { path: '/guarded', element: <Guarded /> },
  { path: '/other', element: <Other /> },
];

function renderAt(entries: string[]) {
  const history = withBlocking(UNSAFE_createMemoryHistory({ initialEntries: entries, initialIndex: entries.length - 1, v5Compat: true }));
  render(<ShellRouter history={history} routes={routes} />);
  return history;
}

describe('useBlocker on the shell router', () => {
  it('holds a link to another page until Leave, and Cancel stays', async () => {
    renderAt(['/guarded']);
    fireEvent.click(screen.getByRole('link', { name: 'Other' }));
    expect(await screen.findByRole('dialog', { name: 'Reminder' })).toHaveTextContent('/other');
    expect(screen.getByTestId('at')).toHaveTextContent('/guarded');

    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByTestId('state')).toHaveTextContent('unblocked');
    expect(screen.getByTestId('at')).toHaveTextContent('/guarded');

    fireEvent.click(screen.getByRole('link', { name: 'Other' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Leave' }));
    expect(await screen.findByTestId('at')).toHaveTextContent('/other');
  });

  it('lets through what the guard does not block (a query change on the same page)', async () => {
    const history = renderAt(['/guarded']);
    fireEvent.click(screen.getByRole('link', { name: 'Tab' }));
    expect(history.location.search).toBe('?tab=2');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('holds a back navigation: the history returns to the page, and Leave goes back after all', async () => {
    const history = renderAt(['/other', '/guarded']);
    act(() => history.go(-1));
    expect(await screen.findByRole('dialog', { name: 'Reminder' })).toHaveTextContent('/other');
    expect(history.location.pathname).toBe('/guarded');
    expect(screen.getByTestId('at')).toHaveTextContent('/guarded');

    fireEvent.click(screen.getByRole('button', { name: 'Leave' }));
    expect(await screen.findByTestId('at')).toHaveTextContent('/other');
    expect(history.location.pathname).toBe('/other');
  });

  it('throws outside the shell router, as react-router does outside a data router', () => {
    function Alone() {
      useBlocker(true);
      return null;
    }
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<Alone />)).toThrow('useBlocker must be used inside the shell router');
    spy.mockRestore();
  });
});
