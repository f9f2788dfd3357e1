import { HOME_HERO_PRERENDER_ID } from 'shared-contracts/first-load';
import { renderWithShell } from '../../../../test-support/shell-double';
import { homeFirstScreenHtml } from '../first-screen/server';
import { Hero } from './hero';

describe('Hero', () => {
  it('renders its heading, text and calls to action as links', () => {
    const { getByRole } = renderWithShell(<Hero />);
    expect(getByRole('heading', { level: 1, name: 'Turn your ideas into video, images and music with AI' })).toBeInTheDocument();
    expect(getByRole('link', { name: 'Start with Image to Video' })).toHaveAttribute('href', '/image-to-video');
    expect(getByRole('link', { name: 'Browse AI tools' })).toHaveAttribute('href', '/ai-tools');
    expect(getByRole('region', { name: 'Turn your ideas into video, images and music with AI' })).toHaveClass('hh');
  });

  it("removes the first HTML's copy of the hero (the gateway's rendering of the same component) when it mounts", () => {
    const holder = document.createElement('div');
    holder.innerHTML = homeFirstScreenHtml(null, (src) => src);
    document.body.appendChild(holder);
    expect(document.getElementById(HOME_HERO_PRERENDER_ID)?.querySelector('h1.hh-title')).not.toBeNull();
    renderWithShell(<Hero />);
    expect(document.getElementById(HOME_HERO_PRERENDER_ID)).toBeNull();
    holder.remove();
  });
});
