import { formFromSettings } from './prefill';

describe('formFromSettings', () => {
  it("takes an explore item's prompt, ratio and quantity, and leaves values the screen does not offer", () => {
    const change = formFromSettings('image-to-image', [
      { field: 'prompt', val: 'watercolor painting, soft washes' },
      { field: 'ratio', val: '1:1' },
      { field: 'num', val: 1 },
      { field: 'strength', val: 0.6 },
    ]);
    expect(change).toEqual({ prompt: 'watercolor painting, soft washes', ratio: '1:1', quantity: 1 });
    const video = formFromSettings('text-to-video', [
      { field: 'duration', val: 3 },
      { field: 'resolution', val: '360p' },
      { field: 'motion', val: 'zoom_out' },
      { field: 'ratio', val: '9:16' },
    ], 'waves at dawn');
    expect(video).toEqual({ prompt: 'waves at dawn', motion: 'zoom_out', ratio: '9:16' });
  });

  it('fills music and effects from their own fields', () => {
    expect(formFromSettings('text-to-music', [{ field: 'duration', val: 60 }], 'calm piano')).toEqual({ musicPrompt: 'calm piano', musicDuration: 60 });
    expect(formFromSettings('text-to-music', [{ field: 'duration', val: 8 }], 'calm piano')).toEqual({ musicPrompt: 'calm piano' });
    // a music template from the template list picker: prompt, style and duration (spec section 3 music settings)
    const template = [{ field: 'prompt', val: 'calm lofi piano with soft rain' }, { field: 'style', val: 'lofi' }, { field: 'duration', val: 30 }];
    expect(formFromSettings('text-to-music', template)).toEqual({ musicPrompt: 'calm lofi piano with soft rain', musicDuration: 30, musicStyle: 'lofi' });
    expect(formFromSettings('text-to-music', [{ field: 'style', val: 'polka' }], 'calm piano')).toEqual({ musicPrompt: 'calm piano' });
    expect(formFromSettings('effect-create', [{ field: 'effect', val: 'glitch' }, { field: 'duration', val: 5 }, { field: 'resolution', val: '540p' }])).toEqual({
      effect: 'glitch',
      duration: 5,
      resolution: '540p',
    });
  });
});
