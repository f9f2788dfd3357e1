import { buildCreate, initialForm, seedOf, type UploadedMedia } from './form';

const upload: UploadedMedia = { ossPath: 'users/u/uploads/a.png', media: 'image', width: 1200, height: 300, duration: 0, previewUrl: 'blob:x', name: 'a.png' };

describe('the create call of the form (issue 15)', () => {
  it('sends a typed seed, else none (the server draws one), and keeps the call for Same seed', () => {
    const form = { ...initialForm('text-to-image'), prompt: 'a red fox in snow' };
    expect(buildCreate('text-to-image', form).data.seed).toBeUndefined();
    const seeded = buildCreate('text-to-image', { ...form, seed: ' 42 ' });
    expect(seeded.data.seed).toBe(42);
    expect(seeded.userData.request).toEqual({ algorithm: 'text2image', data: seeded.data });
    expect(seedOf('-1')).toBeNull();
    expect(seedOf('2147483648')).toBeNull();
    expect(seedOf('2147483647')).toBe(2147483647);
  });

  it('sends the audio toggle of videos', () => {
    const form = { ...initialForm('text-to-video'), prompt: 'waves', audio: true };
    expect(buildCreate('text-to-video', form).data.audio).toBe(true);
  });

  it("image to image keeps the upload's shape unless the user chose a ratio", () => {
    const form = { ...initialForm('image-to-image'), prompt: 'watercolour', images: { source: upload } };
    expect(buildCreate('image-to-image', form).data).not.toHaveProperty('ratio');
    expect(buildCreate('image-to-image', { ...form, keepShape: false, ratio: '1:1' }).data.ratio).toBe('1:1');
  });
});
