import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Template, TemplateTag } from 'shared-contracts';
import { createShellDouble, renderWithShell } from '../../../test-support/shell-double';
import { TemplatePicker } from './template-picker';

const track = (id: number, name: string): Template => ({
  tpl_id: id,
  name,
  thumbnail: `/v1/common/oss/file/t/${id}.webp`,
  thumbnail_link: `/v1/common/oss/file/t/${id}.webp`,
  cover_conf: { thumbnail_url: '', preview_url: '' },
  preview_url: '',
  action_conf: { hot: false },
  extra: '{}',
  info: { algorithm: 'mai_tcm', module: 'text-to-music', request: { fields: [{ field: 'prompt', val: 'calm lofi piano' }] } },
  description: `${name}: a calm beat`,
  preview: `/v1/common/oss/file/a/${id}.mp3`,
  rule: { show: [{ val: '30 s' }] },
});

const music: TemplateTag[] = [
  {
    value: 'audio',
    name: 'Music',
    categories: [
      { id: 0, title: 'All', tpls: [track(4001, 'Rainy lofi'), track(4004, 'Jazz lounge')], total: 2, loading: false },
      { id: 402, title: 'Genres', tpls: [track(4004, 'Jazz lounge')], total: 1, loading: false },
    ],
  },
];

describe('the template list picker', () => {
  beforeAll(() => {
    jest.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(() => Promise.resolve());
    jest.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
  });

  it("asks for the given media's templates, plays one audio preview at a time, and hands the picked template back", async () => {
    const shell = createShellDouble();
    shell.api.call.mockResolvedValue(music);
    const onPick = jest.fn();
    const onClose = jest.fn();
    renderWithShell(<TemplatePicker open media="audio" title="Music templates" onPick={onPick} onClose={onClose} />, shell);
    const dialog = await screen.findByRole('dialog', { name: 'Music templates' });
    expect(shell.api.call).toHaveBeenCalledWith('GET /v1/workflow/ct/list', { query: { fun_module: 'template', media: 'audio' } });
    expect(await within(dialog).findByText('Rainy lofi: a calm beat')).toBeInTheDocument();

    const play = within(dialog).getByRole('button', { name: 'Play Rainy lofi' });
    await userEvent.click(play);
    expect(within(dialog).getByRole('button', { name: 'Pause Rainy lofi' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Play Jazz lounge' }));
    expect(within(dialog).getByRole('button', { name: 'Play Rainy lofi' })).toHaveAttribute('aria-pressed', 'false');

    await userEvent.click(within(dialog).getByRole('tab', { name: 'Genres' }));
    expect(within(dialog).queryByText('Rainy lofi')).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Use Jazz lounge' }));
    expect(onPick).toHaveBeenCalledWith(expect.objectContaining({ tpl_id: 4004 }));
    expect(onClose).toHaveBeenCalled();
  });

  it('closes on Escape', async () => {
    const shell = createShellDouble();
    shell.api.call.mockResolvedValue(music);
    const onClose = jest.fn();
    renderWithShell(<TemplatePicker open media="audio" onPick={jest.fn()} onClose={onClose} />, shell);
    await screen.findByRole('dialog', { name: 'Choose a template' });
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
  });
});
