import { act, fireEvent, screen, within } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { EXAMPLES_END_DELAY_MS, EXAMPLES_PAGE_SIZE } from 'shared-contracts';
import { callsTo, routeApi } from '../../../test/api-double';
import { createShellDouble, renderWithShell } from '../../../../test-support/shell-double';
import { ExamplesSection } from './examples-section';
import { AUTOPLAY_MS, SWIPER_OPTIONS } from './image-swiper-modal';

const demos = (n: number) => Array.from({ length: n }, (_, i) => ({ id: i + 1, title: `Example ${i + 1}`, media: 'image' as const, url: `/demo/${i + 1}.png`, thumbnail: `/demo/${i + 1}-thumb.png` }));

function setup(list: ReturnType<typeof demos>) {
  const shell = createShellDouble();
  routeApi(shell, {
    'GET /v1/common/demo/list': (input) => {
      const { page = 1, page_size = EXAMPLES_PAGE_SIZE } = (input?.query ?? {}) as { page?: number; page_size?: number };
      return list.slice((page - 1) * page_size, page * page_size);
    },
  });
  renderWithShell(
    <SWRConfig value={{ provider: () => new Map() }}>
      <ExamplesSection demoKey="text2image" title="Text to Image" />
    </SWRConfig>,
    shell,
  );
  return shell;
}

describe('examples and the image-swiper modal', () => {
  it('the swiper shows one slide per view, 10 apart, loops and plays by itself', () => {
    expect(SWIPER_OPTIONS).toEqual({ loop: true, slides: { perView: 1, spacing: 10 } });
    expect(AUTOPLAY_MS).toBeGreaterThan(0);
  });

  it('says so when the server has no examples', async () => {
    const shell = setup([]);
    expect(await screen.findByText('No examples for Text to Image yet.')).toBeInTheDocument();
    expect(shell.api.call).toHaveBeenCalledWith('GET /v1/common/demo/list', { query: { key: 'text2image', page: 1, page_size: EXAMPLES_PAGE_SIZE } });
  });

  it('asks for 20 a page, and the list ends 1 s after the last (short) page; the swiper opens at the example chosen', async () => {
    const shell = setup(demos(45));
    await screen.findByRole('button', { name: 'Open example: Example 1' });
    expect(screen.getAllByRole('button', { name: /^Open example/ })).toHaveLength(EXAMPLES_PAGE_SIZE);
    fireEvent.click(screen.getByRole('button', { name: 'More examples' }));
    await screen.findByRole('button', { name: 'Open example: Example 40' });
    jest.useFakeTimers();
    try {
      fireEvent.click(screen.getByRole('button', { name: 'More examples' }));
      await act(async () => undefined);
      expect(screen.getAllByRole('button', { name: /^Open example/ })).toHaveLength(45);
      // the last page is in: the list ends a second later
      expect(screen.getByRole('button', { name: 'More examples' })).toBeDisabled();
      await act(async () => void jest.advanceTimersByTime(EXAMPLES_END_DELAY_MS - 10));
      expect(screen.getByRole('button', { name: 'More examples' })).toBeInTheDocument();
      await act(async () => void jest.advanceTimersByTime(20));
      expect(screen.queryByRole('button', { name: 'More examples' })).toBeNull();
    } finally {
      jest.useRealTimers();
    }
    expect(callsTo(shell, 'GET /v1/common/demo/list').map((input) => (input?.query as { page: number }).page)).toEqual([1, 2, 3]);

    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Open example: Example 3' })));
    const dialog = screen.getByRole('dialog', { name: 'Text to Image examples' });
    expect(within(dialog).getAllByRole('group', { name: /of 45:/ })).toHaveLength(45);
    expect(within(dialog).getByText('Example 3 · 3 / 45')).toBeInTheDocument();
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
