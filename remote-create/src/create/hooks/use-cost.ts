import useSWR from 'swr';
import { useSnapshot } from 'valtio';
import { useShell, type EngineOffer, type TaskCostResponse } from 'shared-contracts';
import { messageOf } from '@studio/ui-kit/errors';

export interface CostState {
  /** the cost of the current parameters, or null while it is not known */
  cost: TaskCostResponse | null;
  /** the parameters changed and their cost is on its way */
  pending: boolean;
  error: string | null;
  /** the engine that will run it, as last answered (kept while new parameters are priced) */
  engine: EngineOffer | null;
  /** fetches the cost of the current parameters afresh */
  refresh(): Promise<TaskCostResponse | undefined>;
}

/** The credit cost of a create, from the server (GET /v1/ai/cost/{algorithm}); signed-in users only. */
export function useCost(algorithm: string, query: Record<string, string>, enabled = true): CostState {
  const shell = useShell();
  const session = useSnapshot(shell.session.state);
  const uid = session.user?.uid ?? null;
  const paramsKey = `${algorithm}?${JSON.stringify(Object.entries(query).sort(([a], [b]) => (a < b ? -1 : 1)))}`;
  const answer = useSWR(
    enabled && uid ? ['remote-create:cost', uid, paramsKey, session.planLevel] : null,
    async () => ({ paramsKey, cost: await shell.api.call('GET /v1/ai/cost/{algorithm}', { params: { algorithm }, query }) }),
    // the last cost stays while the next loads (no jump of the button), marked pending
    { revalidateOnFocus: false, keepPreviousData: true, shouldRetryOnError: false },
  );
  const current = answer.data?.paramsKey === paramsKey ? answer.data.cost : null;
  return {
    cost: current,
    pending: Boolean(enabled && uid) && current === null && !answer.error,
    error: answer.error ? messageOf(answer.error) : null,
    engine: answer.data?.cost.engine ?? null,
    refresh: async () => (await answer.mutate())?.cost,
  };
}
