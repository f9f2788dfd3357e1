import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DISCOVERY_TEXTS, type ExploreEntry } from 'shared-contracts';
import { createShellDouble, renderWithShell } from '../../../../test-support/shell-double';
import { ExploreDetail } from './explore-detail';
import { itemRatio } from './explore-video-modal';

const entry = (id: number, media: ExploreEntry['media'], extra: Partial<ExploreEntry> = {}): ExploreEntry => ({
  id,
  title: `Item ${id}`,
  media,
  thumbnail: `/t/${id}.webp`,
  preview_url: `/p/${id}`,
  url: `/f/${id}`,
  recommend: false,
  extra_data: '{}',
  algorithm: media === 'video' ? 'text2video' : 'text2image',
  prompt: `prompt of ${id}`,
  module: media === 'video' ? 'text-to-video' : 'text-to-image',
  settings: [{ field: 'ratio', val: '9:16' }, { field: 'motion', val: 'zoom_out' }, { field: 'strength', val: 0.6 }],
  author: { name: `Author ${id}`, avatar: '', is_studio: false },
  width: 576,
  height: 1024,
  duration: media === 'video' ? 3 : 0,
  likes: 2,
  liked: 0,
  is_own: false,
  published: true,
  created_at: 0,
  ...extra,
});

function show(item: ExploreEntry, items: ExploreEntry[]) {
  const shell = createShellDouble();
  shell.api.call.mockImplementation(async (key: string, input: { query: { id: number } }) => {
    if (key === 'GET /v1/workflow/explore/info') return items.find((i) => i.id === input.query.id) ?? item;
    throw new Error(key);
  });
  const onClose = jest.fn();
  const onChange = jest.fn();
  renderWithShell(<ExploreDetail item={item} items={items} onClose={onClose} onChange={onChange} onGone={jest.fn()} />, shell);
  return { shell, onClose, onChange };
}

describe('the explore detail', () => {
  it("opens a picture in the image-swiper over the gallery's pictures, the panel following the slide, Escape closing it", async () => {
    const items = [entry(1, 'image'), entry(2, 'video'), entry(3, 'image'), entry(4, 'image')];
    const { shell, onClose, onChange } = show(items[2], items);
    const dialog = screen.getByRole('dialog', { name: 'Item 3' });
    expect(dialog).toHaveAttribute('data-testid', 'image-swiper');
    expect(within(dialog).getAllByRole('group', { hidden: true }).map((slide) => slide.getAttribute('aria-label'))).toEqual(['1 of 3: Item 1', '2 of 3: Item 3', '3 of 3: Item 4']);
    const panel = within(dialog).getByTestId('explore-item-panel');
    expect(panel).toHaveTextContent('Item 3 by Author 3');
    expect(within(panel).getByRole('region', { name: 'Prompt' })).toHaveTextContent('prompt of 3');
    // named and worded for a person, not the raw keys ('motion', 'zoom_out', 0.6)
    expect(within(panel).getByRole('region', { name: 'Settings' })).toHaveTextContent('Aspect ratio9:16Camera motionZoom outStrength60%');
    expect(within(panel).getByRole('button', { name: DISCOVERY_TEXTS.MAKE_SAME })).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: /Like · 2/ })).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Report' })).toBeInTheDocument();
    // the detail asks for the item's info (a view counted, the author's figures)
    expect(shell.api.call).toHaveBeenCalledWith('GET /v1/workflow/explore/info', { query: { id: 3 } });
    await act(async () => undefined);
    expect(onChange).toHaveBeenCalledWith(items[2]);

    // moving on asks for that picture's info too
    await userEvent.click(within(dialog).getByRole('button', { name: 'Next picture' }));
    expect(await screen.findByRole('dialog', { name: 'Item 4' })).toBeInTheDocument();
    expect(shell.api.call).toHaveBeenCalledWith('GET /v1/workflow/explore/info', { query: { id: 4 } });
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Pause slideshow' }));
    expect(within(screen.getByRole('dialog')).getByRole('button', { name: 'Play slideshow' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
  });

  it('opens a video in the video modal at its ratio with its poster, and shows its author the publish state and figures', async () => {
    const video = entry(2, 'video', { is_own: true, views: 7, made_with: 3 });
    const { onClose } = show(video, [entry(1, 'image'), video]);
    const dialog = screen.getByRole('dialog', { name: 'Item 2' });
    expect(dialog).toHaveAttribute('data-testid', 'video-modal');
    const player = dialog.querySelector('video') as HTMLVideoElement;
    expect(player).toHaveAttribute('src', '/f/2');
    expect(player).toHaveAttribute('poster', '/t/2.webp');
    expect(itemRatio(video)).toBeCloseTo(576 / 1024);
    expect(itemRatio({ width: 0, height: 0 })).toBeCloseTo(16 / 9);
    expect(within(dialog).getByRole('region', { name: 'Your creation' })).toHaveTextContent('Published in Explore · 7 views · made with 3 times');
    expect(within(dialog).queryByRole('button', { name: 'Report' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Unpublish' })).toBeInTheDocument();
    // focus stays inside the dialog
    await userEvent.tab();
    expect(dialog.contains(document.activeElement)).toBe(true);
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
  });
});
