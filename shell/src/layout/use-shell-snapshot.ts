import { useSnapshot } from 'valtio';
import { useShell, type SessionState, type ViewportState } from 'shared-contracts';

export function useViewport(): ViewportState {
  return useSnapshot(useShell().viewport) as ViewportState;
}

export function useSession(): SessionState {
  return useSnapshot(useShell().session.state) as SessionState;
}
