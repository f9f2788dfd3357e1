import { USER_TEXTS } from 'shared-contracts';
import { MUSIC_PROMPT, MODES, countWords } from './modes';
import { checkFrames, checkMusic, checkPrompt, framesRatioValid, FRAME_RATIO_LIMITS, MUSIC_PROMPT_TOO_SHORT, PROMPT_REQUIRED } from './validation';

const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i}`).join(' ');

describe('prompt hints (section 5: video scripts within 200 words, image and music prompts within 50)', () => {
  it('counts words by whitespace', () => {
    expect(countWords('')).toBe(0);
    expect(countWords('  a  cat\non a\tmat ')).toBe(5);
  });

  it('lets a video script reach 200 words and refuses the 201st', () => {
    const spec = MODES['text-to-video'].prompt!;
    expect(spec.maxWords).toBe(200);
    expect(checkPrompt(words(200), spec)).toBeNull();
    expect(checkPrompt(words(201), spec)).toBe(USER_TEXTS.PROMPT_TOO_LONG);
  });

  it('lets an image prompt reach 50 words and refuses the 51st', () => {
    const spec = MODES['text-to-image'].prompt!;
    expect(spec.maxWords).toBe(50);
    expect(checkPrompt(words(50), spec)).toBeNull();
    expect(checkPrompt(words(51), spec)).toBe(USER_TEXTS.PROMPT_TOO_LONG);
  });

  it('asks for a prompt where one is required, and not where it is optional', () => {
    expect(checkPrompt('   ', MODES['text-to-image'].prompt!)).toBe(PROMPT_REQUIRED);
    expect(checkPrompt('', MODES['image-to-video'].prompt!)).toBeNull();
  });
});

describe('music and song (section 5)', () => {
  const base = { maxWords: MUSIC_PROMPT.maxWords };
  it("both empty: 'Please enter song lyrics or prompt to generate music'", () => {
    expect(checkMusic({ ...base, tab: 'music', prompt: '  ', lyrics: '' })).toBe(USER_TEXTS.MUSIC_EMPTY);
    expect(checkMusic({ ...base, tab: 'song', prompt: '', lyrics: '   ' })).toBe(USER_TEXTS.MUSIC_EMPTY);
  });
  it('a music prompt needs at least 10 characters once trimmed', () => {
    expect(checkMusic({ ...base, tab: 'music', prompt: '  calm jazz  ', lyrics: '' })).toBe(MUSIC_PROMPT_TOO_SHORT);
    expect(checkMusic({ ...base, tab: 'music', prompt: 'calm piano', lyrics: '' })).toBeNull();
    expect(checkMusic({ ...base, tab: 'music', prompt: words(51), lyrics: '' })).toBe(USER_TEXTS.PROMPT_TOO_LONG);
  });
  it("song lyrics need at least 10 characters: 'Lyrics must be at least 10 characters long'", () => {
    expect(checkMusic({ ...base, tab: 'song', prompt: 'pop', lyrics: 'la la la' })).toBe(USER_TEXTS.LYRICS_TOO_SHORT);
    expect(checkMusic({ ...base, tab: 'song', prompt: 'an upbeat pop song', lyrics: '' })).toBe(USER_TEXTS.LYRICS_TOO_SHORT);
    expect(checkMusic({ ...base, tab: 'song', prompt: '', lyrics: 'la la la la' })).toBeNull();
  });
});

describe('the two-image ratio check', () => {
  it('accepts equal and near ratios, in both orders', () => {
    expect(framesRatioValid({ width: 1000, height: 1000 }, { width: 500, height: 500 })).toBe(true);
    expect(framesRatioValid({ width: 1000, height: 1000 }, { width: 1000, height: 1250 })).toBe(true);
    expect(framesRatioValid({ width: 1000, height: 1250 }, { width: 1000, height: 1000 })).toBe(true);
    expect(framesRatioValid({ width: 1000, height: 800 }, { width: 1000, height: 1000 })).toBe(true);
  });
  it('refuses ratios beyond the limits in either direction', () => {
    expect(FRAME_RATIO_LIMITS).toEqual({ lower: 0.8, upper: 1.25 });
    expect(framesRatioValid({ width: 1000, height: 1000 }, { width: 1000, height: 1260 })).toBe(false);
    expect(framesRatioValid({ width: 1000, height: 1260 }, { width: 1000, height: 1000 })).toBe(false);
    expect(framesRatioValid({ width: 1920, height: 1080 }, { width: 1080, height: 1920 })).toBe(false);
    expect(framesRatioValid({ width: 0, height: 10 }, { width: 10, height: 10 })).toBe(false);
  });
  it("answers 'First and end frame ratios are too different' only when both frames are there", () => {
    expect(checkFrames({ width: 1920, height: 1080 }, { width: 1080, height: 1920 })).toBe(USER_TEXTS.FRAME_RATIO);
    expect(checkFrames({ width: 1920, height: 1080 }, null)).toBeNull();
    expect(checkFrames({ width: 1920, height: 1080 }, { width: 1280, height: 720 })).toBeNull();
  });
});
