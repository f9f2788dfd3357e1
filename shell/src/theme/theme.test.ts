import { PROMO_COLORS } from '@studio/ui-kit/palette';
import { PALETTES, type ColorName } from './theme';

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [l1, l2] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (l1 + 0.05) / (l2 + 0.05);
}

/** Every text colour on every surface it is used on. */
const PAIRS: [ColorName, ColorName][] = [
  ['text', 'bg'],
  ['text', 'surface'],
  ['text', 'surface-raised'],
  ['text', 'surface-hover'],
  ['text-muted', 'bg'],
  ['text-muted', 'surface'],
  ['text-muted', 'surface-raised'],
  ['text-muted', 'surface-hover'],
  ['primary', 'bg'],
  ['primary', 'surface'],
  ['on-primary', 'primary-strong'],
  ['badge-new-text', 'badge-new-bg'],
  ['badge-hot-text', 'badge-hot-bg'],
  ['badge-free-text', 'badge-free-bg'],
];

describe('theme contrast (WCAG AA, 4.5:1)', () => {
  it.each(['dark', 'light'] as const)('%s theme', (mode) => {
    const palette = PALETTES[mode];
    const failing = PAIRS.map(([fg, bg]) => [fg, bg, contrast(palette[fg], palette[bg])] as const).filter(([, , ratio]) => ratio < 4.5);
    expect(failing).toEqual([]);
  });
});

describe('promotion colours (the same in both themes)', () => {
  it('white text meets AA on every stop, and the dark link text on white', () => {
    const { onPromo, strong, ...backgrounds } = PROMO_COLORS;
    const failing = Object.entries(backgrounds).filter(([, bg]) => contrast(onPromo, bg) < 4.5);
    expect(failing).toEqual([]);
    expect(contrast(strong, onPromo)).toBeGreaterThanOrEqual(4.5);
  });
});
