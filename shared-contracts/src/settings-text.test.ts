import { humanize, settingsText } from './settings-text';

describe('settings as a person reads them', () => {
  it('names each setting and words its value, leaving out the prompt, the seed and file paths', () => {
    expect(
      settingsText([
        { field: 'prompt', val: 'waves at dawn' },
        { field: 'motion', val: 'zoom_out' },
        { field: 'duration', val: 5 },
        { field: 'num', val: 1 },
        { field: 'strength', val: 0.6 },
        { field: 'seed', val: 42 },
        { field: 'file_path', val: 'u1/a.png' },
        { field: 'style', val: 'Watercolor' },
        { field: 'effect', val: 'neon_glow' },
        { field: 'ratio', val: '16:9' },
      ]).map(({ label, value }) => `${label}: ${value}`),
    ).toEqual(['Camera motion: Zoom out', 'Duration: 5 s', 'Quantity: 1', 'Strength: 60%', 'Style: Watercolor', 'Effect: Neon glow', 'Aspect ratio: 16:9']);
  });

  it('humanizes keys it does not know', () => {
    expect(humanize('zoom_out')).toBe('Zoom out');
    expect(humanize('styleName')).toBe('Style name');
    expect(settingsText([{ field: 'guidance_scale', val: 7 }])).toEqual([{ field: 'guidance_scale', label: 'Guidance scale', value: '7' }]);
  });
});
