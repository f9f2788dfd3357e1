import { USER_TEXTS } from 'shared-contracts';
import { AUDIO_LIMIT, IMAGE_EXTENDER_LIMIT, IMAGE_LIMIT, videoLimitFor } from 'shared-contracts/upload-limits';
import { acceptOf, checkFile, checkMaskTool, checkMeta } from './validation';

const MB = 1024 * 1024;
const ERASER = videoLimitFor('video_eraser');
const ENHANCER = videoLimitFor('video_enhancer');

describe('upload rules of spec section 5', () => {
  it('tools take JPG, PNG, JPEG and WEBP under 50MB', () => {
    expect(checkFile({ name: 'a.png', type: 'image/png', size: 10 * MB }, [IMAGE_LIMIT])).toBeNull();
    expect(checkFile({ name: 'a.jpeg', type: 'image/jpeg', size: MB }, [IMAGE_LIMIT])).toBeNull();
    expect(checkFile({ name: 'a.gif', type: 'image/gif', size: MB }, [IMAGE_LIMIT])).toBe(USER_TEXTS.UNSUPPORTED_FORMAT);
    expect(checkFile({ name: 'a.png', type: 'image/png', size: 51 * MB }, [IMAGE_LIMIT])).toBe('Upload JPG, PNG, JPEG, WEBP images up to 50 MB, with a minimum width/height of 128 px');
    expect(checkFile({ name: 'a.png', type: 'image/png', size: 0 }, [IMAGE_LIMIT])).toBe(USER_TEXTS.UPLOAD_FAILED);
  });

  it('resolution under 3840*2160 either way, at least 128 px', () => {
    expect(checkMeta({ width: 3840, height: 2160 }, IMAGE_LIMIT)).toBeNull();
    expect(checkMeta({ width: 2160, height: 3840 }, IMAGE_LIMIT)).toBeNull();
    expect(checkMeta({ width: 4000, height: 1000 }, IMAGE_LIMIT)).toBe(USER_TEXTS.RESOLUTION_UNSUPPORTED);
    expect(checkMeta({ width: 100, height: 400 }, IMAGE_LIMIT)).toMatch(/minimum width\/height of 128 px/);
  });

  it('the image extender keeps files below 25MB', () => {
    expect(checkFile({ name: 'a.webp', type: 'image/webp', size: 26 * MB }, [IMAGE_EXTENDER_LIMIT])).toBe('Please keep the file size below 25MB');
  });

  it('the video object remover takes MP4 and MOV up to 2048MB, from 9:16 to 16:9', () => {
    expect(checkFile({ name: 'clip.mkv', type: 'video/x-matroska', size: MB }, [ERASER])).toBe(USER_TEXTS.FORMAT_UNSUPPORTED);
    expect(checkFile({ name: 'clip.mov', type: 'video/quicktime', size: 2000 * MB }, [ERASER])).toBeNull();
    expect(checkFile({ name: 'clip.mp4', type: 'video/mp4', size: 2049 * MB }, [ERASER])).toMatch(/2048 MB/);
    expect(checkMeta({ width: 1080, height: 1920, duration: 5 }, ERASER)).toBeNull();
    expect(checkMeta({ width: 2100, height: 900, duration: 5 }, ERASER)).toBe(USER_TEXTS.RESOLUTION_UNSUPPORTED);
  });

  it('the video enhancer takes mp4, mov and mkv up to 5 minutes', () => {
    expect(checkFile({ name: 'clip.mkv', type: '', size: MB }, [ENHANCER])).toBeNull();
    expect(checkMeta({ width: 640, height: 360, duration: 300 }, ENHANCER)).toBeNull();
    expect(checkMeta({ width: 640, height: 360, duration: 301 }, ENHANCER)).toBe('Video enhancer takes videos up to 5 minutes');
  });

  it('audio within 60 minutes, a video soundtrack too', () => {
    const limits = [AUDIO_LIMIT, videoLimitFor('audio_noise_reduction')];
    expect(checkFile({ name: 'talk.mp3', type: 'audio/mpeg', size: MB }, limits)).toBeNull();
    expect(checkFile({ name: 'talk.mov', type: 'video/quicktime', size: MB }, limits)).toBeNull();
    expect(checkMeta({ duration: 3600 }, AUDIO_LIMIT)).toBeNull();
    expect(checkMeta({ duration: 3700 }, AUDIO_LIMIT)).toBe('Audio must be within 60 minutes');
    expect(checkFile({ name: 'notes.txt', type: 'text/plain', size: 10 }, limits)).toBe(USER_TEXTS.FORMAT_UNSUPPORTED);
    expect(acceptOf(limits)).toContain('.mp3');
    expect(acceptOf(limits)).toContain('.mkv');
  });

  it('mask tools need an area, and redrawing a prompt', () => {
    expect(checkMaskTool({ selected: 0, needsPrompt: false, prompt: '' })).toBe(USER_TEXTS.SELECT_AREA);
    expect(checkMaskTool({ selected: 10, needsPrompt: true, prompt: '  ' })).toBe(USER_TEXTS.REDRAW_PROMPT);
    expect(checkMaskTool({ selected: 10, needsPrompt: true, prompt: 'a red hat' })).toBeNull();
  });
});
