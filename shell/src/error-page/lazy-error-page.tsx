/** The error page loads as its own chunk the first time an error shows (it is not part of the first load). */
import { lazy, Suspense } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import type { ErrorPageProps } from './error-page';
import { isCrawler } from './crawler';

const ErrorPageChunk = lazy(() => import(/* webpackChunkName: "error-page" */ './error-page').then((m) => ({ default: m.ErrorPage })));

/** If even the error page cannot load (offline, broken deploy), say so plainly and offer a reload. */
function ChunkFailed() {
  return (
    <main css={{ padding: '64px 20px', textAlign: 'center' }}>
      <h1 css={{ fontSize: 24 }}>Something unexpected happened</h1>
      <p>The page could not be loaded. Check your connection and reload.</p>
      <button type="button" onClick={() => window.location.reload()}>
        Reload
      </button>
    </main>
  );
}

export function LazyErrorPage(props: ErrorPageProps) {
  if (isCrawler(props.userAgent ?? navigator.userAgent)) return null;
  return (
    <ErrorBoundary fallback={<ChunkFailed />}>
      <Suspense fallback={<div css={{ minHeight: '60vh' }} />}>
        <ErrorPageChunk {...props} />
      </Suspense>
    </ErrorBoundary>
  );
}
