/** Renders a screen inside a data router (useBlocker needs one) with the shell double. */
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ShellContext } from 'shared-contracts';
import { createShellDouble, type ShellDouble } from '../../../test-support/shell-double';

// jsdom has no Request; react-router's data router builds one per navigation
if (typeof globalThis.Request === 'undefined') {
  class NavigationRequest {
    readonly url: string;
    readonly method: string;
    readonly signal: AbortSignal;
    constructor(input: string | URL, init: { method?: string; signal?: AbortSignal } = {}) {
      this.url = String(input);
      this.method = (init.method ?? 'GET').toUpperCase();
      this.signal = init.signal ?? new AbortController().signal;
    }
  }
  Object.assign(globalThis, { Request: NavigationRequest });
}

export function renderRoute(element: ReactElement, shell: ShellDouble = createShellDouble()) {
  const router = createMemoryRouter([{ path: '/', element }], { initialEntries: ['/'] });
  const result = render(
    <ShellContext.Provider value={shell}>
      <RouterProvider router={router} />
    </ShellContext.Provider>,
  );
  return { ...result, shell, router };
}
