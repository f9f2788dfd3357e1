/**
 * `ShellApi.RemoteModule` as the shell hands it out: the host's own code (remote-module-host.tsx) loads the first
 * time a remote renders another remote's module, which no first screen does (issue 25). Meanwhile the same
 * loading text shows as while the module itself loads.
 */
import { lazy, Suspense, type ReactNode } from 'react';
import type { RemoteModuleHostProps, RemoteModuleName } from 'shared-contracts';
import { AreaLoadingText } from './area-loading-text';

const Host = lazy(() => import(/* webpackChunkName: "remote-module-host" */ './remote-module-host').then((m) => ({ default: m.RemoteModuleHost })));

export function LazyRemoteModuleHost<N extends RemoteModuleName>(props: RemoteModuleHostProps<N>): ReactNode {
  return (
    <Suspense fallback={props.loading === undefined ? <AreaLoadingText area={props.area} /> : props.loading}>
      <Host {...(props as unknown as RemoteModuleHostProps<RemoteModuleName>)} />
    </Suspense>
  );
}
