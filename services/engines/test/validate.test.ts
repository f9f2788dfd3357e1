jest.setTimeout(60000);
import { USER_TEXTS } from 'shared-contracts/constants';
import { validateParams } from '../src/validate';

describe('validateParams', () => {
  it('fills defaults and drops unknown fields', () => {
    expect(validateParams('text2video', { prompt: ' a fox ', extra: 1 })).toEqual({ prompt: 'a fox', ratio: '16:9', duration: 5, motion: 'auto', audio: false });
    expect(validateParams('mai_tcm', { prompt: 'calm piano music for sleep', duration: '45' })).toMatchObject({ duration: 45, format: 'mp3' });
  });

  it('answers with the spec texts', () => {
    const long = Array.from({ length: 60 }, () => 'word').join(' ');
    expect(() => validateParams('text2image', { prompt: long })).toThrow(USER_TEXTS.PROMPT_TOO_LONG);
    expect(() => validateParams('mai_text2song_minimax', { lyrics: 'short' })).toThrow(USER_TEXTS.LYRICS_TOO_SHORT);
    expect(() => validateParams('mai_text2song_minimax', {})).toThrow(USER_TEXTS.MUSIC_EMPTY);
    expect(() => validateParams('mai_tcm', { prompt: 'tiny' })).toThrow(USER_TEXTS.MUSIC_EMPTY);
    expect(() => validateParams('partial_redrawing', { regions: [{ x: 1, y: 1, w: 5, h: 5 }] })).toThrow(USER_TEXTS.REDRAW_PROMPT);
    expect(() => validateParams('object_remover', {})).toThrow(USER_TEXTS.SELECT_AREA);
    expect(validateParams('object_remover', {}, { hasMask: true })).toEqual({});
  });

  it('enforces bounds, enums and shapes', () => {
    expect(() => validateParams('text2video', { prompt: 'x', duration: 60 })).toThrow(/outside 2..10/);
    expect(() => validateParams('text2image', { prompt: 'x', ratio: '5:4' })).toThrow(/not one of/);
    expect(() => validateParams('text2image', { prompt: 'x', num: 2.5 })).toThrow(/whole number/);
    expect(() => validateParams('video_eraser', { regions: [{ x: 0, y: 0, w: -1, h: 3 }] })).toThrow(USER_TEXTS.SELECT_AREA);
    expect(validateParams('image_extender', { expand: { left: 10, top: 0 } })).toEqual({ ratio: '16:9', expand: { left: 10, top: 0 } });
  });
});

describe('checkInputs', () => {
  const { tempDir, makePicture, makeVideo } = require('./helpers') as typeof import('./helpers');
  const t = tempDir('validate');
  afterAll(() => t.cleanup());

  it('accepts the right kinds and refuses a missing or wrong one with the spec texts', async () => {
    const { checkInputs } = await import('../src/validate');
    const img = await makePicture(`${t.dir}/a.png`, 40, 30);
    const vid = await makeVideo(`${t.dir}/v.mp4`, { seconds: 1, audio: false, width: 64, height: 48 });
    expect((await checkInputs('object_remover', [img, img])).map((p) => p.media)).toEqual(['image', 'image']);
    await expect(checkInputs('image2video', [])).rejects.toMatchObject({ userText: USER_TEXTS.UPLOAD_FAILED });
    await expect(checkInputs('video_enhancer', [img])).rejects.toMatchObject({ userText: USER_TEXTS.FORMAT_UNSUPPORTED });
    expect((await checkInputs('watermark', [vid]))[0].media).toBe('video');
  });
});
