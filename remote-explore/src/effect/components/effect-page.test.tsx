import { screen, within } from '@testing-library/react';
import { resetIntersectionMocking, setupIntersectionMocking } from 'react-intersection-observer/test-utils';
import type { Template, TemplateTag } from 'shared-contracts';
import { FIRST_SCREEN_DATA_ID, FIRST_SCREEN_PRERENDER_ID } from 'shared-contracts/first-load';
import { createShellDouble, renderWithShell } from '../../../../test-support/shell-double';
import { EFFECT_CATEGORIES_PATH, EffectPage } from './effect-page';

const effect = (id: number, name: string): Template => ({
  tpl_id: id,
  name,
  thumbnail: `/v1/common/oss/file/t/${id}.webp`,
  thumbnail_link: `/v1/common/oss/file/t/${id}.webp`,
  cover_conf: { thumbnail_url: '', preview_url: '' },
  preview_url: '',
  action_conf: { hot: false },
  extra: '{}',
  info: { algorithm: 'mai_effect', module: 'effect', request: { fields: [] } },
  description: `${name}: a short clip`,
  preview: `/v1/common/oss/file/v/${id}.mp4`,
  rule: { show: [{ val: '5 s' }] },
});

const categories: TemplateTag[] = [
  {
    value: 'video',
    name: 'Video',
    categories: [
      { id: 0, title: 'All', tpls: [effect(5001, 'Hug'), effect(5002, 'Fly away')], total: 2, loading: false },
      { id: 501, title: 'Fun', tpls: [effect(5002, 'Fly away')], total: 1, loading: false },
    ],
  },
];

describe('EffectPage', () => {
  beforeEach(() => setupIntersectionMocking(jest.fn));
  afterEach(() => resetIntersectionMocking());

  it("replaces the first HTML's copy (the gateway's, from first-screen/server.tsx) in its first frame, starting from the categories it carried without asking again", () => {
    const copy = document.createElement('div');
    copy.id = FIRST_SCREEN_PRERENDER_ID;
    copy.innerHTML = '<h1>AI Effects</h1>';
    const block = document.createElement('script');
    block.id = FIRST_SCREEN_DATA_ID;
    block.type = 'application/json';
    block.textContent = JSON.stringify({ [EFFECT_CATEGORIES_PATH]: categories });
    document.body.append(copy, block);
    const shell = createShellDouble();
    renderWithShell(<EffectPage />, shell);
    expect(document.getElementById(FIRST_SCREEN_PRERENDER_ID)).toBeNull();
    expect(screen.getAllByRole('heading', { level: 1, name: 'AI Effects' })).toHaveLength(1);
    // the categories and the first one's effects in the first render, as the copy had them
    expect(within(screen.getByRole('tablist', { name: 'Effect categories' })).getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['All', 'Fun']);
    expect(within(screen.getByRole('tabpanel', { name: 'All' })).getByText('Hug')).toBeInTheDocument();
    expect(screen.queryByText('Loading effects…')).not.toBeInTheDocument();
    expect(shell.api.call).not.toHaveBeenCalled();
    expect(EFFECT_CATEGORIES_PATH).toBe('/v1/workflow/ct/list?fun_module=effect');
    block.remove();
  });

  it('without a carried answer asks for the categories as before', async () => {
    const shell = createShellDouble();
    shell.api.call.mockResolvedValue(categories);
    renderWithShell(<EffectPage />, shell);
    expect(screen.getByText('Loading effects…')).toBeInTheDocument();
    expect(await screen.findByText('Hug')).toBeInTheDocument();
    expect(shell.api.call).toHaveBeenCalledWith('GET /v1/workflow/ct/list', { query: { fun_module: 'effect' } });
  });
});
