import { useState } from 'react';
import useSWR from 'swr';
import { useShell, type Task } from 'shared-contracts';
import { messageOf } from '@studio/ui-kit/errors';

/**
 * Publishing a successful result to Explore (the server runs the content checks first) or taking it back
 * out; the published state comes from POST /v1/explore/state. The card offers it in its menu.
 */
export function usePublish(task: Task): { label: string; published: boolean; busy: boolean; toggle(): Promise<void> } {
  const shell = useShell();
  const [busy, setBusy] = useState(false);
  const state = useSWR(['remote-create:explore-state', task.task_id], () => shell.api.call('POST /v1/explore/state', { body: { task_ids: [task.task_id] } }), {
    revalidateOnFocus: false,
  });
  const published = state.data?.find((row) => row.task_id === task.task_id) ?? null;

  async function toggle() {
    setBusy(true);
    try {
      if (published) {
        await shell.api.call('POST /v1/explore/unpublish', { body: { explore_id: published.explore_id } });
        await state.mutate([], { revalidate: false });
        shell.toast.success('Taken out of Explore.');
      } else {
        const entry = await shell.api.call('POST /v1/explore/publish', { body: { task_id: task.task_id } });
        await state.mutate([{ task_id: task.task_id, explore_id: entry.id, published: true, under_review: false }], { revalidate: false });
        shell.toast.success('Published to Explore.');
      }
    } catch (error) {
      shell.toast.error(messageOf(error));
    } finally {
      setBusy(false);
    }
  }

  const label = published ? (published.under_review ? 'In review · Unpublish' : 'Published · Unpublish') : 'Publish to Explore';
  return { label, published: Boolean(published), busy: busy || state.isLoading, toggle };
}
