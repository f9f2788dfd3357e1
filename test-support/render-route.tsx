/**
 * Renders a screen inside a data router (react-router's useBlocker needs one) with the shell double and a
 * fresh SWR cache (tests only). `/home` and `/libraries` are there to navigate to.
 */
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { SWRConfig } from 'swr';
import { ShellContext } from 'shared-contracts';
import { createShellDouble, type ShellDouble } from './shell-double';

export function renderRoute(element: ReactElement, { path = '/', url = '/', shell = createShellDouble() }: { path?: string; url?: string; shell?: ShellDouble } = {}) {
  const router = createMemoryRouter(
    [
      { path, element },
      { path: '/home', element: <h1>Home page</h1> },
      { path: '/libraries', element: <h1>Libraries page</h1> },
    ],
    { initialEntries: [url] },
  );
  shell.navigate.mockImplementation((to: string) => void router.navigate(to));
  const result = render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <ShellContext.Provider value={shell}>
        <RouterProvider router={router} />
      </ShellContext.Provider>
    </SWRConfig>,
  );
  return { ...result, router, shell };
}
