/**
 * The library's retry (@module-federation/retry-plugin), loaded the first time something fails: a remote's
 * entry script that did not load, or a module its container could not give. Until then nothing of it is in
 * the page (0.7 KB brotli of every first load, issue 25). Same tries as registering RetryPlugin itself: a
 * failed entry is handed to its loadEntryError; a failed module get is asked once here, then `retryTimes`
 * more times by the library, `retryDelay` apart. If the library's own chunk cannot load (the network is
 * gone), the failure stands and the fallback plugin answers, as after the library's last try.
 */
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

type Hook<K extends 'loadEntryError' | 'getModuleFactory'> = NonNullable<ModuleFederationRuntimePlugin[K]>;

export function retryOnFailure({ retryTimes, retryDelay }: { retryTimes: number; retryDelay: number }): ModuleFederationRuntimePlugin {
  const library = (times: number) =>
    import(/* webpackChunkName: "retry-plugin" */ '@module-federation/retry-plugin')
      .then(({ RetryPlugin }) => RetryPlugin({ script: { retryTimes: times, retryDelay } }) as ModuleFederationRuntimePlugin)
      .catch(() => null);

  // the runtime awaits what this hook answers; its declared type nests one promise more than an async function
  // can answer (the library's own hook is declared the same way), hence the cast
  const loadEntryError: Hook<'loadEntryError'> = (args) =>
    library(retryTimes).then((retry) => retry?.loadEntryError?.(args)) as unknown as ReturnType<Hook<'loadEntryError'>>;

  const getModuleFactory: Hook<'getModuleFactory'> = async (args) => {
    try {
      return await args.remoteEntryExports.get(args.expose);
    } catch (error) {
      if (retryTimes < 1) throw error;
      await new Promise((resolve) => setTimeout(resolve, retryDelay));
      const retry = await library(retryTimes - 1);
      if (!retry?.getModuleFactory) throw error;
      return retry.getModuleFactory(args);
    }
  };

  return { name: 'retry-plugin', loadEntryError, getModuleFactory };
}
