/**
 * A route's error boundary, as the data router's errorElement was: an error thrown while the route (or a
 * route inside it) renders shows `fallback(error)` in its place; an error the fallback throws goes on to
 * the boundary above; a navigation clears it.
 */
import { Component, type ReactNode } from 'react';
import { useLocation, type Location } from 'react-router';

interface Props {
  location: Location;
  fallback: (error: unknown) => ReactNode;
  children: ReactNode;
}

interface State {
  caught: { error: unknown } | null;
  location: Location;
}

class Boundary extends Component<Props, State> {
  override state: State = { caught: null, location: this.props.location };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { caught: { error } };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.location === state.location ? null : { caught: null, location: props.location };
  }

  override render() {
    return this.state.caught ? this.props.fallback(this.state.caught.error) : this.props.children;
  }
}

export function RouteErrorBoundary({ fallback, children }: { fallback: (error: unknown) => ReactNode; children: ReactNode }) {
  return (
    <Boundary location={useLocation()} fallback={fallback}>
      {children}
    </Boundary>
  );
}
