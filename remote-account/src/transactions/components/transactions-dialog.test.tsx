import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { CreditTransaction } from 'shared-contracts';
import { createFakeShell, makeUser } from '../../../../test-support/shell-double';
import { TransactionsDialog } from './transactions-dialog';

function records(type: 'acquisition' | 'consumption', count: number): CreditTransaction[] {
  return Array.from({ length: count }, (_, i) => ({
    type,
    details: `${type} #${i + 1}`,
    credits: i + 1,
    date: 1_700_000_000 + i * 3600,
    expire_time: type === 'acquisition' ? 1_800_000_000 : 0,
    is_expired: 0,
    status: 1,
  }));
}

// jsdom has no layout: give the list a box so "near the end" means something
const LIST_HEIGHT = 300;
const CONTENT_HEIGHT = 1000;
const originalScrollHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'scrollHeight');
const originalClientHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'scrollHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return this.dataset.testid === 'transactions-list' ? CONTENT_HEIGHT : 0;
    },
  });
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return this.dataset.testid === 'transactions-list' ? LIST_HEIGHT : 0;
    },
  });
});
afterAll(() => {
  if (originalScrollHeight) Object.defineProperty(HTMLElement.prototype, 'scrollHeight', originalScrollHeight);
  if (originalClientHeight) Object.defineProperty(HTMLElement.prototype, 'clientHeight', originalClientHeight);
});

function setup(data: { acquisition: CreditTransaction[]; consumption: CreditTransaction[] }) {
  const shell = createFakeShell({ user: makeUser() });
  shell.handlers.set('GET /v1/credits/transactions', (input) => {
    const { type, page, page_size } = input.query as { type: 'acquisition' | 'consumption'; page: number; page_size: number };
    const all = data[type];
    return { list: all.slice((page - 1) * page_size, page * page_size), total: all.length };
  });
  const calls = () =>
    shell.callMock.mock.calls.filter(([key]) => key === 'GET /v1/credits/transactions').map(([, input]) => (input as { query: unknown }).query);
  return { shell, calls };
}

async function scrollToEnd() {
  const list = screen.getByTestId('transactions-list');
  list.scrollTop = CONTENT_HEIGHT - LIST_HEIGHT;
  fireEvent.scroll(list);
  // the scroll handler is throttled to 100 ms
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 120));
  });
}

describe('TransactionsDialog', () => {
  it('pages 15 at a time while fewer are loaded than the total, then stops', async () => {
    const { shell, calls } = setup({ acquisition: records('acquisition', 40), consumption: [] });
    render(<TransactionsDialog shell={shell} open onClose={jest.fn()} />);
    expect(screen.getByRole('dialog', { name: 'Credit Transitions' })).toBeInTheDocument();
    await screen.findByText('acquisition #15');
    expect(screen.queryByText('acquisition #16')).not.toBeInTheDocument();
    expect(calls()).toEqual([{ type: 'acquisition', page: 1, page_size: 15 }]);

    await scrollToEnd();
    await screen.findByText('acquisition #30');
    await scrollToEnd();
    await screen.findByText('acquisition #40');
    await scrollToEnd();
    expect(calls()).toEqual([
      { type: 'acquisition', page: 1, page_size: 15 },
      { type: 'acquisition', page: 2, page_size: 15 },
      { type: 'acquisition', page: 3, page_size: 15 },
    ]);
    expect(screen.getByText('40 of 40')).toBeInTheDocument();
  });

  it('resets to page 1 when the type changes and says No records found. when empty', async () => {
    const { shell, calls } = setup({ acquisition: records('acquisition', 40), consumption: [] });
    render(<TransactionsDialog shell={shell} open onClose={jest.fn()} />);
    await screen.findByText('acquisition #15');
    await scrollToEnd();
    await screen.findByText('acquisition #30');

    fireEvent.click(screen.getByRole('tab', { name: 'Consumption' }));
    expect(await screen.findByText('No records found.')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Consumption' })).toHaveAttribute('aria-selected', 'true');
    expect(calls().at(-1)).toEqual({ type: 'consumption', page: 1, page_size: 15 });

    fireEvent.click(screen.getByRole('tab', { name: 'Acquisition' }));
    await screen.findByText('acquisition #15');
    expect(calls().at(-1)).toEqual({ type: 'acquisition', page: 1, page_size: 15 });
    expect(screen.queryByText('acquisition #16')).not.toBeInTheDocument();
  });

  it('logs a failed load with no message and ends loading', async () => {
    const shell = createFakeShell({ user: makeUser() });
    shell.handlers.set('GET /v1/credits/transactions', () => {
      throw new Error('boom');
    });
    const errorSpy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<TransactionsDialog shell={shell} open onClose={jest.fn()} />);
    await waitFor(() => expect(errorSpy).toHaveBeenCalledWith('[account] credit transactions failed to load', expect.any(Error)));
    await waitFor(() => expect(screen.getByTestId('transactions-list')).toHaveAttribute('aria-busy', 'false'));
    expect(shell.toastMock.error).not.toHaveBeenCalled();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    errorSpy.mockRestore();
  });

  it('closes with Escape and the close button', async () => {
    const { shell } = setup({ acquisition: [], consumption: [] });
    const onClose = jest.fn();
    render(<TransactionsDialog shell={shell} open onClose={onClose} />);
    await screen.findByText('No records found.');
    fireEvent.keyDown(document, { key: 'Escape' });
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});
