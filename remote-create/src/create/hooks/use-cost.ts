import useSWR from 'swr';
import { useSnapshot } from 'valtio';
import { useShell, type TaskCostResponse } from 'shared-contracts';
import { messageOf } from '../../lib/errors';

export interface CostState {
  cost: TaskCostResponse | null;
  loading: boolean;
  error: string | null;
  refresh(): Promise<TaskCostResponse | undefined>;
}

/** The credit cost of a create, from the server (GET /v1/ai/cost/{algorithm}); signed-in users only. */
export function useCost(algorithm: string, query: Record<string, string>, enabled = true): CostState {
  const shell = useShell();
  const session = useSnapshot(shell.session.state);
  const uid = session.user?.uid ?? null;
  const queryKey = JSON.stringify(Object.entries(query).sort(([a], [b]) => (a < b ? -1 : 1)));
  const answer = useSWR(
    enabled && uid ? ['remote-create:cost', uid, algorithm, queryKey, session.planLevel] : null,
    () => shell.api.call('GET /v1/ai/cost/{algorithm}', { params: { algorithm }, query }),
    { revalidateOnFocus: false, keepPreviousData: true, shouldRetryOnError: false },
  );
  return {
    cost: answer.data ?? null,
    loading: answer.isLoading,
    error: answer.error ? messageOf(answer.error) : null,
    refresh: () => answer.mutate(),
  };
}
