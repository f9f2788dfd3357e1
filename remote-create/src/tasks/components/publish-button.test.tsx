import { act, fireEvent, screen } from '@testing-library/react';
import { SWRConfig } from 'swr';
import type { ExploreEntry } from 'shared-contracts';
import { createShellDouble, renderWithShell } from '../../../../test-support/shell-double';
import { callsTo, routeApi } from '../../../test/api-double';
import { makeTask } from '../../../test/tasks';
import { PublishButton } from './publish-button';

describe('PublishButton', () => {
  it('publishes a result to Explore and takes it back out', async () => {
    const shell = createShellDouble();
    const task = makeTask({ status: 'success' });
    routeApi(shell, {
      'POST /v1/explore/state': () => [],
      'POST /v1/explore/publish': () => ({ id: 100123 }) as ExploreEntry,
      'POST /v1/explore/unpublish': () => null,
    });
    renderWithShell(
      <SWRConfig value={{ provider: () => new Map() }}>
        <PublishButton task={task} />
      </SWRConfig>,
      shell,
    );
    const button = await screen.findByRole('button', { name: 'Publish to Explore' });
    await screen.findByRole('button', { name: 'Publish to Explore', pressed: false });
    await act(async () => void fireEvent.click(button));
    expect(callsTo(shell, 'POST /v1/explore/publish')).toEqual([{ body: { task_id: task.task_id } }]);
    const published = await screen.findByRole('button', { name: 'Published · Unpublish', pressed: true });
    await act(async () => void fireEvent.click(published));
    expect(callsTo(shell, 'POST /v1/explore/unpublish')).toEqual([{ body: { explore_id: 100123 } }]);
    expect(await screen.findByRole('button', { name: 'Publish to Explore' })).toBeInTheDocument();
    expect(shell.toast.success).toHaveBeenCalledWith('Published to Explore.');
  });
});
