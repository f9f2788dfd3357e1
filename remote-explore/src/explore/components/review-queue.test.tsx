import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, REVIEW_TEXTS, type ExploreEntry, type ExploreReviewItem } from 'shared-contracts';
import { createShellDouble, renderWithShell } from '../../../../test-support/shell-double';
import { ReviewQueue } from './review-queue';

const item = (id: number, title: string): ExploreReviewItem => ({
  entry: { id, title, media: 'image', thumbnail: `/t/${id}.webp`, url: `/f/${id}.webp`, prompt: 'a prompt', author: { name: 'Ana', avatar: '', is_studio: false } } as ExploreEntry,
  review: 'pending',
  reports: 3,
  reasons: [
    { reason: 'Other', count: 2 },
    { reason: 'Fraud', count: 1 },
  ],
  others: ['misleading title'],
  reported_at: 1_700_000_000,
});

function signedIn() {
  const shell = createShellDouble();
  shell.session.state.flags.isLogin = true;
  return shell;
}

describe('the review queue', () => {
  it("lists the hidden items with their reporters' reasons and sends an operator's verdict", async () => {
    const shell = signedIn();
    shell.api.call.mockImplementation(async (key: string) => {
      if (key === 'GET /v1/explore/review/list') return { list: [item(1401, 'Lighthouse'), item(1402, 'Mountain lake')], paginate: { total: 2 } };
      if (key === 'POST /v1/explore/review') return { ...item(1401, 'Lighthouse'), review: 'removed' };
      throw new Error(key);
    });
    renderWithShell(<ReviewQueue />, shell);
    const row = (await screen.findByRole('heading', { name: 'Lighthouse' })).closest('li') as HTMLElement;
    expect(within(within(row).getByRole('list', { name: 'Reasons' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Other × 2', 'Fraud × 1', '“misleading title”']);
    await userEvent.click(within(row).getByRole('button', { name: `${REVIEW_TEXTS.REMOVE}: Lighthouse` }));
    expect(shell.api.call).toHaveBeenCalledWith('POST /v1/explore/review', { body: { explore_id: 1401, verdict: 'removed' } });
    expect(screen.queryByRole('heading', { name: 'Lighthouse' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Mountain lake' })).toBeInTheDocument();
    expect(screen.getByText('1 waiting')).toBeInTheDocument();
  });

  it('tells a signed-in non-operator that the queue is for operators, and a visitor to sign in', async () => {
    const shell = signedIn();
    shell.api.call.mockRejectedValue(new ApiError(REVIEW_TEXTS.OPERATORS_ONLY, 403, 403));
    const view = renderWithShell(<ReviewQueue />, shell);
    expect(await screen.findByRole('alert')).toHaveTextContent(REVIEW_TEXTS.OPERATORS_ONLY);
    view.unmount();

    const visitor = createShellDouble();
    const emitted = jest.fn();
    visitor.bus.on('account:login-required', emitted);
    renderWithShell(<ReviewQueue />, visitor);
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(emitted).toHaveBeenCalledWith({ reason: 'explore-review' });
    expect(visitor.api.call).not.toHaveBeenCalled();
  });
});
