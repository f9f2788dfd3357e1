/**
 * One federated module on screen: an error boundary + Suspense around a lazily loaded remote module.
 * When the remote fails (a load error, the fallback plugin's module, or a render crash) the area shows
 * which area failed and a Retry that builds a FRESH load (React.lazy caches a rejection, so every retry is
 * a new lazy component); nothing outside the area is affected.
 */
import { lazy, Suspense, useCallback, useMemo, useState, type ComponentType, type ReactNode } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { USER_TEXTS, type RemoteModuleName, type RemoteModules } from 'shared-contracts';
import { useShellInternals } from '../app/internals';
import type { RemoteRuntime } from './remote-runtime';
import { RemoteAreaContext, type RemoteAreaContextValue } from './remote-area-context';
import { createFallbackModule, isFallbackModule } from './fallback-plugin';
import { isContractMismatch } from './contract-guard';

type AnyComponent = ComponentType<Record<string, unknown>>;

/** One lazy component per module while it keeps working, so revisiting a page does not suspend again. */
const lazyCache = new WeakMap<RemoteRuntime, Map<string, { attempt: number; component: AnyComponent }>>();
/** modules whose last load failed: the next mount builds a fresh load too */
const failedModules = new WeakMap<RemoteRuntime, Set<string>>();

function lazyFor(runtime: RemoteRuntime, name: RemoteModuleName, attempt: number): AnyComponent {
  let perRuntime = lazyCache.get(runtime);
  if (!perRuntime) lazyCache.set(runtime, (perRuntime = new Map()));
  let failed = failedModules.get(runtime);
  if (!failed) failedModules.set(runtime, (failed = new Set()));
  const cache = perRuntime;
  const failures = failed;
  const cached = cache.get(name);
  if (cached && cached.attempt >= attempt) return cached.component;
  const fresh = attempt > 0 || failures.has(name);
  const forget = () => {
    failures.add(name);
    if (cache.get(name)?.component === component) cache.delete(name);
  };
  const component = lazy(async (): Promise<{ default: AnyComponent }> => {
    try {
      const loaded = (await runtime.load(name, { fresh })) as unknown as { default: AnyComponent };
      if (isFallbackModule(loaded)) forget();
      else failures.delete(name);
      return loaded;
    } catch (error) {
      // never hand this lazy out again; render the area's fallback (no exception: the error is expected)
      forget();
      console.warn(`[shell] ${name} is unavailable: ${error instanceof Error ? error.message : String(error)}`);
      return createFallbackModule(name, error) as unknown as { default: AnyComponent };
    }
  });
  cache.set(name, { attempt, component });
  return component;
}

type FallbackKind = 'page' | 'silent' | ((retry: () => void, error: unknown) => ReactNode);

export interface RemoteAreaProps<N extends RemoteModuleName> {
  module: N;
  props: RemoteModules[N];
  /** human name shown in the fallback, e.g. 'Image to Video' */
  area: string;
  /** 'page': a visible fallback with Retry; 'silent': nothing; or a custom render */
  fallback?: FallbackKind;
  /** shown while loading */
  loading?: ReactNode;
}

/**
 * `crashed`: the remote loaded but failed while showing (a fault of ours, not the network): it says the
 * spec's 'Oops! Something went wrong. Please try again later.' instead of 'could not be loaded'.
 */
function AreaFallback({ area, error, retry, crashed = false }: { area: string; error: unknown; retry(): void; crashed?: boolean }) {
  const detail = error instanceof Error ? error.message : '';
  // a remote of another contract major is not down: this version of it cannot be served by this shell
  const refused = isContractMismatch(error);
  return (
    <section
      role="alert"
      aria-label={`${area} unavailable`}
      css={{
        margin: '48px auto',
        maxWidth: 520,
        padding: '28px 24px',
        borderRadius: 14,
        background: 'var(--c-surface)',
        border: '1px solid var(--c-border)',
        textAlign: 'center',
      }}
    >
      <h2 css={{ margin: '0 0 8px', fontSize: 20 }}>{refused ? `This version of ${area} cannot be loaded` : `${area} is unavailable right now`}</h2>
      <p css={{ margin: '0 0 4px', color: 'var(--c-text-muted)' }}>
        {refused
          ? 'It was built for another version of the studio. It comes back once a matching version is deployed; the rest of the page keeps working.'
          : `${crashed ? USER_TEXTS.OOPS : 'This part of the studio could not be loaded.'} The rest of the page keeps working.`}
      </p>
      {detail ? (
        <details css={{ margin: '8px 0 0', fontSize: 13, color: 'var(--c-text-muted)', textAlign: 'left' }}>
          <summary css={{ cursor: 'pointer', textAlign: 'center' }}>Technical details</summary>
          <p css={{ margin: '8px 0 0', wordBreak: 'break-word' }}>{detail}</p>
        </details>
      ) : null}
      <button
        type="button"
        onClick={retry}
        css={{
          marginTop: 16,
          padding: '10px 22px',
          borderRadius: 10,
          border: 'none',
          cursor: 'pointer',
          background: 'var(--c-primary-strong)',
          color: 'var(--c-on-primary)',
          fontWeight: 600,
        }}
      >
        Retry
      </button>
    </section>
  );
}

function AreaLoading({ area }: { area: string }) {
  return (
    <div role="status" aria-live="polite" css={{ padding: '48px 24px', textAlign: 'center', color: 'var(--c-text-muted)' }}>
      Loading {area}…
    </div>
  );
}

export function RemoteArea<N extends RemoteModuleName>({ module, props, area, fallback = 'page', loading }: RemoteAreaProps<N>) {
  const { runtime } = useShellInternals();
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => setAttempt((value) => value + 1), []);
  const Loaded = useMemo(() => lazyFor(runtime, module, attempt), [runtime, module, attempt]);

  const renderFallback = useCallback(
    (error: unknown, crashed = false): ReactNode => {
      if (fallback === 'silent') return null;
      if (typeof fallback === 'function') return fallback(retry, error);
      return <AreaFallback area={area} error={error} retry={retry} crashed={crashed} />;
    },
    [fallback, retry, area],
  );

  const context = useMemo<RemoteAreaContextValue>(() => ({ area, module, retry, renderFallback }), [area, module, retry, renderFallback]);

  return (
    <RemoteAreaContext.Provider value={context}>
      <ErrorBoundary
        key={attempt}
        fallbackRender={({ error }) => renderFallback(error, true)}
        onError={(error, info) => console.error(`[shell] ${area} failed`, error, info.componentStack)}
      >
        <Suspense fallback={loading === undefined ? fallback === 'page' ? <AreaLoading area={area} /> : null : loading}>
          <Loaded {...(props as Record<string, unknown>)} />
        </Suspense>
      </ErrorBoundary>
    </RemoteAreaContext.Provider>
  );
}
