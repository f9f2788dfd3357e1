import { screen, within } from '@testing-library/react';
import { resetIntersectionMocking, setupIntersectionMocking } from 'react-intersection-observer/test-utils';
import type { Template, TemplateTag } from 'shared-contracts';
import { FIRST_SCREEN_DATA_ID, FIRST_SCREEN_PRERENDER_ID } from 'shared-contracts/first-load';
import { createShellDouble, renderWithShell } from '../../../../test-support/shell-double';
import { TEMPLATE_CATEGORIES_PATH, TemplatePage } from './template-page';

const template = (id: number, name: string): Template => ({
  tpl_id: id,
  name,
  thumbnail: `/v1/common/oss/file/t/${id}.webp`,
  thumbnail_link: `/v1/common/oss/file/t/${id}.webp`,
  cover_conf: { thumbnail_url: '', preview_url: '' },
  preview_url: '',
  action_conf: { hot: false },
  extra: '{}',
  info: { algorithm: 'image2video', module: 'image-to-video', request: { fields: [] } },
});

const categories: TemplateTag[] = [
  { value: 'video', name: 'Video', categories: [{ id: 0, title: 'All', tpls: [template(3001, 'Dance party'), template(3002, 'Rainy street')], total: 2, loading: false }] },
  { value: 'image', name: 'Image', categories: [{ id: 0, title: 'All', tpls: [template(3101, 'Portrait')], total: 1, loading: false }] },
];

describe('TemplatePage', () => {
  beforeEach(() => setupIntersectionMocking(jest.fn));
  afterEach(() => resetIntersectionMocking());

  it("replaces the first HTML's copy (the gateway's, from first-screen/server.tsx) in its first frame, starting from the categories it carried without asking again", () => {
    const copy = document.createElement('div');
    copy.id = FIRST_SCREEN_PRERENDER_ID;
    copy.innerHTML = '<h1>Templates</h1>';
    const block = document.createElement('script');
    block.id = FIRST_SCREEN_DATA_ID;
    block.type = 'application/json';
    block.textContent = JSON.stringify({ [TEMPLATE_CATEGORIES_PATH]: categories });
    document.body.append(copy, block);
    const shell = createShellDouble();
    renderWithShell(<TemplatePage />, shell);
    expect(document.getElementById(FIRST_SCREEN_PRERENDER_ID)).toBeNull();
    expect(screen.getAllByRole('heading', { level: 1, name: 'Templates' })).toHaveLength(1);
    // the media tabs and the first category's templates in the first render, as the copy had them
    expect(within(screen.getByRole('tablist', { name: 'Template media type' })).getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Video', 'Image']);
    expect(within(screen.getByRole('tabpanel', { name: 'Video · All' })).getByText('Dance party')).toBeInTheDocument();
    expect(screen.queryByText('Loading templates…')).not.toBeInTheDocument();
    expect(shell.api.call).not.toHaveBeenCalled();
    expect(TEMPLATE_CATEGORIES_PATH).toBe('/v1/workflow/ct/list?fun_module=template');
    block.remove();
  });

  it('without a carried answer asks for the categories as before', async () => {
    const shell = createShellDouble();
    shell.api.call.mockResolvedValue(categories);
    renderWithShell(<TemplatePage />, shell);
    expect(screen.getByText('Loading templates…')).toBeInTheDocument();
    expect(await screen.findByText('Dance party')).toBeInTheDocument();
    expect(shell.api.call).toHaveBeenCalledWith('GET /v1/workflow/ct/list', { query: { fun_module: 'template' } });
  });
});
