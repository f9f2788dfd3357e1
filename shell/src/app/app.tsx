import type { RouteObject } from 'react-router';
import { ShellContext } from 'shared-contracts';
import type { BlockingHistory } from '../routing/blocking-history';
import { ShellRouter } from '../routing/shell-router';
import type { CreatedShell } from './create-shell';
import { ShellInternalsContext } from './internals';
import { ThemeRoot } from './theme-root';

export function App({ shell, history, routes }: { shell: CreatedShell; history: BlockingHistory; routes: RouteObject[] }) {
  return (
    <ShellContext.Provider value={shell.api}>
      <ShellInternalsContext.Provider value={shell.internals}>
        <ThemeRoot>
          <ShellRouter history={history} routes={routes} />
        </ThemeRoot>
      </ShellInternalsContext.Provider>
    </ShellContext.Provider>
  );
}
