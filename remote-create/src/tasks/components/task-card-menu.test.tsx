import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SWRConfig } from 'swr';
import type { ExploreEntry } from 'shared-contracts';
import { createShellDouble, renderWithShell } from '../../../../test-support/shell-double';
import { callsTo, routeApi } from '../../../test/api-double';
import { makeTask } from '../../../test/tasks';
import { TaskCard, type TaskActions } from './task-card';

function renderCard() {
  const shell = createShellDouble();
  const task = makeTask({ status: 'success', user_data: { module: 'text-to-image', name: 'Text to Image' } });
  routeApi(shell, {
    'POST /v1/explore/state': () => [],
    'POST /v1/explore/publish': () => ({ id: 100123 }) as ExploreEntry,
    'POST /v1/explore/unpublish': () => null,
  });
  const actions: TaskActions = { remove: jest.fn(), retry: jest.fn(), restart: jest.fn(), cancel: jest.fn(), like: jest.fn(), download: jest.fn() };
  renderWithShell(
    <SWRConfig value={{ provider: () => new Map() }}>
      <TaskCard task={task} now={0} actions={actions} compact />
    </SWRConfig>,
    shell,
  );
  return { shell, task, actions };
}

describe('a finished result card', () => {
  it('shows one row of buttons: Like, Dislike, Download and a menu of the less used actions', () => {
    renderCard();
    const card = screen.getByTestId('task-card');
    const direct = within(card)
      .getAllByRole('button')
      .map((button) => button.getAttribute('aria-label') ?? button.textContent);
    expect(direct).toEqual(['Like', 'Dislike', 'Download', 'More actions for Text to Image']);
  });

  it('publishes to Explore from the menu and takes it back out', async () => {
    const { shell, task } = renderCard();
    const more = screen.getByRole('button', { name: 'More actions for Text to Image' });
    await userEvent.click(more);
    const publish = await screen.findByRole('menuitemcheckbox', { name: 'Publish to Explore', checked: false });
    await act(async () => void fireEvent.click(publish));
    expect(callsTo(shell, 'POST /v1/explore/publish')).toEqual([{ body: { task_id: task.task_id } }]);
    await userEvent.click(more);
    const published = await screen.findByRole('menuitemcheckbox', { name: 'Published · Unpublish', checked: true });
    await act(async () => void fireEvent.click(published));
    expect(callsTo(shell, 'POST /v1/explore/unpublish')).toEqual([{ body: { explore_id: 100123 } }]);
    expect(shell.toast.success).toHaveBeenCalledWith('Published to Explore.');
  });

  it('is a menu button: arrows move through the items, Enter picks one, Escape gives the focus back', async () => {
    const { actions } = renderCard();
    const more = screen.getByRole('button', { name: 'More actions for Text to Image' });
    expect(more).toHaveAttribute('aria-haspopup', 'menu');
    more.focus();
    await userEvent.keyboard('{ArrowDown}');
    const menu = await screen.findByRole('menu', { name: 'More actions for Text to Image' });
    expect(more).toHaveAttribute('aria-expanded', 'true');
    await screen.findByRole('menuitemcheckbox', { name: 'Publish to Explore' });
    await userEvent.keyboard('{ArrowDown}');
    expect(within(menu).getByRole('menuitem', { name: 'Report' })).toHaveFocus();
    await userEvent.keyboard('{End}');
    expect(within(menu).getByRole('menuitem', { name: 'Delete' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(within(menu).getByRole('menuitemcheckbox')).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(more).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await userEvent.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Delete' }));
    expect(actions.remove).toHaveBeenCalledTimes(1);
  });

  it('sends task_click with the algorithm and the action for what is pressed on a card', async () => {
    const { shell, task, actions } = renderCard();
    fireEvent.click(screen.getByRole('button', { name: 'Like' }));
    fireEvent.click(screen.getByRole('button', { name: 'Download' }));
    expect(shell.track).toHaveBeenCalledWith('task_click', { algorithm: task.algorithm, action: 'like', task_id: task.task_id });
    expect(shell.track).toHaveBeenCalledWith('task_click', { algorithm: task.algorithm, action: 'download', task_id: task.task_id });
    expect(actions.like).toHaveBeenCalledWith(task, 1);
    expect(actions.download).toHaveBeenCalledWith(task, 0);
  });
});
