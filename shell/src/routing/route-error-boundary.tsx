/**
 * A route's error boundary, as the data router's errorElement was: an error thrown while the route (or a
 * route inside it) renders shows `fallback(error)` in its place; an error the fallback throws goes on to
 * the boundary above; a navigation clears it (react-error-boundary's resetKeys).
 */
import type { ReactNode } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { useLocation } from 'react-router';

export function RouteErrorBoundary({ fallback, children }: { fallback: (error: unknown) => ReactNode; children: ReactNode }) {
  return (
    <ErrorBoundary resetKeys={[useLocation()]} fallbackRender={({ error }) => fallback(error)}>
      {children}
    </ErrorBoundary>
  );
}
