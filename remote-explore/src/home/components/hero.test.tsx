import { media } from '@studio/ui-kit/theme';
import { HOME_HERO_MEDIA, HOME_HERO_PRERENDER_ID, homeHeroMarkup, homeHeroPrerender } from 'shared-contracts/home-hero';
import { renderWithShell } from '../../../../test-support/shell-double';
import { Hero } from './hero';

/** an element tree as tag, classes, link target and own text, to compare two renderings of the hero */
function shape(element: Element): unknown {
  const ownText = [...element.childNodes].filter((node) => node.nodeType === Node.TEXT_NODE).map((node) => node.textContent).join('');
  return {
    tag: element.tagName,
    className: element.getAttribute('class'),
    href: element.getAttribute('href'),
    hidden: element.getAttribute('aria-hidden'),
    text: ownText,
    children: [...element.children].map(shape),
  };
}

describe('Hero', () => {
  it('renders what the gateway prerenders into /home: the same elements, classes, texts and links', () => {
    const { container } = renderWithShell(<Hero />);
    const rendered = container.querySelector('section.hh');
    const prerendered = document.createElement('div');
    prerendered.innerHTML = homeHeroMarkup('home-hero-title');
    expect(rendered).not.toBeNull();
    expect(shape(rendered!)).toEqual(shape(prerendered.firstElementChild!));
  });

  it("removes the first HTML's copy of the hero when it mounts", () => {
    const holder = document.createElement('div');
    holder.innerHTML = homeHeroPrerender();
    document.body.appendChild(holder);
    expect(document.getElementById(HOME_HERO_PRERENDER_ID)).not.toBeNull();
    renderWithShell(<Hero />);
    expect(document.getElementById(HOME_HERO_PRERENDER_ID)).toBeNull();
    holder.remove();
  });

  it("uses the ui-kit's breakpoints in its static stylesheet", () => {
    expect(HOME_HERO_MEDIA.phone).toBe(media.phone);
    expect(HOME_HERO_MEDIA.tablet).toBe(media.tablet);
  });
});
