import { USER_TEXTS } from 'shared-contracts';
import { ANIME_VIDEO_RULE, checkImageFile, checkImageSize, checkVideoFile, checkVideoMeta, imageUploadMessage, videoUploadMessage } from './upload-rules';

const MB = 1024 * 1024;

describe('image upload rules (spec section 5: JPG, PNG, JPEG, WEBP, under 50MB, within 3840*2160)', () => {
  it('names the formats, the size and the minimum side in the upload message', () => {
    expect(imageUploadMessage()).toBe('Upload JPG, PNG, JPEG, WEBP images up to 50 MB, with a minimum width/height of 128 px');
  });

  it('accepts the four formats by MIME type, or by extension when the browser reports none', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/webp']) expect(checkImageFile({ name: 'x', type, size: 10 })).toBeNull();
    expect(checkImageFile({ name: 'photo.JPEG', type: '', size: 10 })).toBeNull();
    expect(checkImageFile({ name: 'photo.jpg', type: '', size: 10 })).toBeNull();
  });

  it("refuses other formats with 'Unsupported format', even when the name claims an image", () => {
    expect(checkImageFile({ name: 'clip.gif', type: 'image/gif', size: 10 })).toBe(USER_TEXTS.UNSUPPORTED_FORMAT);
    expect(checkImageFile({ name: 'notes.png', type: 'text/plain', size: 10 })).toBe(USER_TEXTS.UNSUPPORTED_FORMAT);
    expect(checkImageFile({ name: 'scan.bmp', type: '', size: 10 })).toBe(USER_TEXTS.UNSUPPORTED_FORMAT);
  });

  it('refuses files over 50MB and empty files', () => {
    expect(checkImageFile({ name: 'a.png', type: 'image/png', size: 50 * MB })).toBeNull();
    expect(checkImageFile({ name: 'a.png', type: 'image/png', size: 50 * MB + 1 })).toBe(imageUploadMessage());
    expect(checkImageFile({ name: 'a.png', type: 'image/png', size: 0 })).toBe(USER_TEXTS.UPLOAD_FAILED);
  });

  it("refuses pictures beyond 3840*2160 in either orientation with 'Resolution is not supported'", () => {
    expect(checkImageSize({ width: 3840, height: 2160 })).toBeNull();
    expect(checkImageSize({ width: 2160, height: 3840 })).toBeNull();
    expect(checkImageSize({ width: 3841, height: 1000 })).toBe(USER_TEXTS.RESOLUTION_UNSUPPORTED);
    expect(checkImageSize({ width: 2500, height: 2500 })).toBe(USER_TEXTS.RESOLUTION_UNSUPPORTED);
    expect(checkImageSize({ width: 9000, height: 9000 })).toBe(USER_TEXTS.RESOLUTION_UNSUPPORTED);
  });

  it('refuses pictures with a side under the minimum', () => {
    expect(checkImageSize({ width: 128, height: 128 })).toBeNull();
    expect(checkImageSize({ width: 127, height: 800 })).toBe(imageUploadMessage());
  });
});

describe('video to anime upload rules (MP4, MOV, 500MB, 30 seconds)', () => {
  it('accepts MP4 and MOV and refuses other formats with the spec text', () => {
    expect(checkVideoFile({ name: 'a.mp4', type: 'video/mp4', size: 10 })).toBeNull();
    expect(checkVideoFile({ name: 'a.mov', type: 'video/quicktime', size: 10 })).toBeNull();
    expect(checkVideoFile({ name: 'a.webm', type: 'video/webm', size: 10 })).toBe(USER_TEXTS.FORMAT_UNSUPPORTED);
    expect(checkVideoFile({ name: 'a.mkv', type: '', size: 10 })).toBe(USER_TEXTS.FORMAT_UNSUPPORTED);
  });

  it('refuses files over the size and clips over the length or the resolution', () => {
    expect(checkVideoFile({ name: 'a.mp4', type: 'video/mp4', size: 500 * MB + 1 })).toBe('The file must be at most 500 MB');
    expect(checkVideoMeta({ width: 1280, height: 720, duration: 30 })).toBeNull();
    expect(checkVideoMeta({ width: 1280, height: 720, duration: 31 })).toBe('Video to anime takes videos up to 30 seconds');
    expect(checkVideoMeta({ width: 4096, height: 2160, duration: 5 })).toBe(USER_TEXTS.RESOLUTION_UNSUPPORTED);
    expect(videoUploadMessage(ANIME_VIDEO_RULE)).toBe('Upload MP4, MOV videos up to 500 MB and 30 seconds');
  });
});
