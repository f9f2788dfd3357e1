import { RouterProvider, type createBrowserRouter } from 'react-router';
import { ShellContext } from 'shared-contracts';
import type { CreatedShell } from './create-shell';
import { ShellInternalsContext } from './internals';
import { ThemeRoot } from './theme-root';

export function App({ shell, router }: { shell: CreatedShell; router: ReturnType<typeof createBrowserRouter> }) {
  return (
    <ShellContext.Provider value={shell.api}>
      <ShellInternalsContext.Provider value={shell.internals}>
        <ThemeRoot>
          <RouterProvider router={router} />
        </ThemeRoot>
      </ShellInternalsContext.Provider>
    </ShellContext.Provider>
  );
}
