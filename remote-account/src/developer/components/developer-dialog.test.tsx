import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ApiKeyItem } from 'shared-contracts';
import { createFakeShell, makeUser } from '../../../../test-support/shell-double';
import { DeveloperDialog } from './developer-dialog';

function setup() {
  const shell = createFakeShell({ user: makeUser() });
  const keys: ApiKeyItem[] = [];
  shell.handlers.set('GET /v1/developer/keys', () => keys);
  shell.handlers.set('GET /v1/developer/usage', () =>
    keys.map((k) => ({ key_id: k.id, name: k.name, prefix: k.prefix, revoked: k.revoked_at > 0, total_credits: 3, total_tasks: 2, days: [{ date: '2026-11-27', credits: 3, tasks: 2 }] })),
  );
  shell.handlers.set('GET /v1/developer/webhooks', () => []);
  shell.handlers.set('POST /v1/developer/keys', (input) => {
    const body = (input as { body: { name: string; daily_cap: number | null } }).body;
    const item: ApiKeyItem = { id: 'k1', name: body.name, prefix: 'sk_studio_abc123', created_at: 1_700_000_000, last_used_at: 0, revoked_at: 0, daily_cap: body.daily_cap, spent_today: 0 };
    keys.push(item);
    return { ...item, key: 'sk_studio_abc123-the-whole-secret' };
  });
  shell.handlers.set('POST /v1/developer/keys/{id}/revoke', () => {
    keys[0] = { ...keys[0], revoked_at: 1_700_000_100 };
    return keys[0];
  });
  render(<DeveloperDialog shell={shell} open onClose={() => {}} />);
  return { shell, keys };
}

test('a key is created with a name and cap, shown once with Copy, listed, and revoked only after a confirmation', async () => {
  const { shell } = setup();
  const dialog = screen.getByRole('dialog', { name: 'Developer API' });
  fireEvent.change(within(dialog).getByLabelText('Key name'), { target: { value: 'CI bot' } });
  fireEvent.change(within(dialog).getByLabelText('Daily credit cap (optional)'), { target: { value: '25' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Create key' }));
  const shown = await screen.findByTestId('shown-once');
  expect((shown as HTMLInputElement).value).toBe('sk_studio_abc123-the-whole-secret');
  expect(screen.getByRole('button', { name: 'Copy' })).toBeTruthy();
  expect(shell.callMock.mock.calls.find(([key]) => key === 'POST /v1/developer/keys')?.[1]).toEqual({ body: { name: 'CI bot', daily_cap: 25 } });
  fireEvent.click(screen.getByRole('button', { name: 'Done' }));
  expect(screen.queryByTestId('shown-once')).toBeNull();
  const row = await screen.findByTestId('api-key-row');
  expect(row.textContent).toContain('25 credits/day');
  expect(row.textContent).not.toContain('the-whole-secret');

  fireEvent.click(within(row).getByRole('button', { name: 'Revoke CI bot' }));
  const confirm = await screen.findByRole('dialog', { name: 'Revoke "CI bot"?' });
  expect(shell.callMock.mock.calls.some(([key]) => key === 'POST /v1/developer/keys/{id}/revoke')).toBe(false);
  fireEvent.click(within(confirm).getByRole('button', { name: 'Revoke key' }));
  await waitFor(() => expect(screen.getByTestId('api-key-row').textContent).toContain('Revoked'));
  expect(shell.callMock.mock.calls.find(([key]) => key === 'POST /v1/developer/keys/{id}/revoke')?.[1]).toEqual({ params: { id: 'k1' } });
});
