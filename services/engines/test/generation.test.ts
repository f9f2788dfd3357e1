/** Issue 15: seeds, prompt reading, soundtracks, representative first frames, sung songs of the chosen length. */
jest.setTimeout(120000);
import { join } from 'node:path';
import { probeMedia } from '../src/media/probe';
import { compose } from '../src/local/image/compose';
import { sceneOf } from '../src/local/prompt';
import { melodyFor, pitchOf, syllables, tune } from '../src/local/audio/sing';
import { SR } from '../src/local/audio/synth';
import { ctxFor, engine, frames, job, makePicture, meanDiff, pcm, rgb, rms, tempDir } from './helpers';

const t = tempDir('generation');
afterAll(() => t.cleanup());
const ctx = () => ctxFor(t.dir);

describe('the local renderer reads the prompt and the seed', () => {
  it('takes time of day and weather from the prompt words', () => {
    expect(sceneOf('a red fox in snow at night', 1)).toMatchObject({ time: 'night', weather: 'snow' });
    expect(sceneOf('foggy harbour at sunset', 1)).toMatchObject({ time: 'golden', weather: 'fog' });
    const c = compose('Red fox in snow', 3, 320, 240);
    expect(c.scene).toBe('landscape');
    expect(c.drivers).toEqual(expect.arrayContaining(['snow', 'red']));
  });

  it('two seeds of one prompt differ; one seed gives the same picture again', async () => {
    const run = (seed: number) => engine.run(job('text2image', { prompt: 'a quiet lake at dawn', ratio: '1:1', seed }), ctx());
    const [a, b, c] = [await run(11), await run(11), await run(12)];
    const [ra, rb, rc] = await Promise.all([rgb(a.outputs[0].path), rgb(b.outputs[0].path), rgb(c.outputs[0].path)]);
    expect(ra.data.equals(rb.data)).toBe(true);
    expect(meanDiff(ra, rc, () => true)).toBeGreaterThan(8);
    expect(a.metadata.note).toMatch(/^A preview/);
  });

  it('image to image keeps the upload shape when no ratio was chosen', async () => {
    const src = await makePicture(join(t.dir, 'wide.png'), 400, 200);
    const r = await engine.run(job('image2image', { prompt: 'watercolour', seed: 1 }, [src]), ctx());
    expect(r.outputs[0]).toMatchObject({ width: 1024, height: 512 });
    expect(r.metadata.note).toMatch(/kept at its own shape/);
  });
});

describe('videos', () => {
  it('start on a representative frame (no fade from black) and carry a soundtrack when audio is on', async () => {
    const r = await engine.run(job('text2video', { prompt: 'sunny meadow with trees', duration: 3, seed: 4, audio: true }), ctx());
    const o = r.outputs[0];
    expect(o.duration).toBeCloseTo(3, 1);
    const info = await probeMedia(o.path);
    expect(info.hasAudio).toBe(true);
    const sound = await pcm(o.path);
    expect(rms(sound)).toBeGreaterThan(0.02);
    // as long as the video, as the toggle promises (it ran 0.75 s short: the frame count ended the file first)
    expect(Math.abs(sound.length / 16000 - 3)).toBeLessThan(0.1);
    const all = await frames(o.path, 64, 36);
    const mean = (f: Buffer) => f.reduce((s, v) => s + v, 0) / f.length;
    expect(mean(all[0])).toBeGreaterThan(mean(all[Math.floor(all.length / 2)]) * 0.8);
    expect(r.metadata.note).toMatch(/soundtrack/);
    const silent = await engine.run(job('text2video', { prompt: 'sunny meadow with trees', duration: 2, seed: 4 }), ctx());
    expect((await probeMedia(silent.outputs[0].path)).hasAudio).toBe(false);
  });
});

describe('songs', () => {
  it('split lyrics into syllables and tune each to its note', () => {
    expect(syllables('Walking down the river')).toEqual(['wal', 'king', 'down', 'the', 'ri', 'ver']);
    expect(syllables('little time')).toEqual(['lit', 'tle', 'time']);
    // a 150 Hz buzz tuned to E4 (329.6 Hz) for half a second
    const piece = new Float32Array(Math.round(SR * 0.2)).map((_, i) => Math.sin((2 * Math.PI * 150 * i) / SR) + 0.3 * Math.sin((4 * Math.PI * 150 * i) / SR));
    const tuned = tune(piece, 64, 0.5);
    expect(tuned.length).toBe(Math.round(SR * 0.5));
    expect(Math.abs(pitchOf(tuned) - 329.6)).toBeLessThan(6);
    const notes = melodyFor(9, { beat: 0.5, beats: 8, scale: [0, 2, 4, 5, 7, 9, 11], root: 0, chordDegrees: [0, 4], seed: 1 });
    expect(notes).toHaveLength(9);
    for (let i = 1; i < notes.length; i++) expect(notes[i].start).toBeGreaterThan(notes[i - 1].start);
    expect(notes[8].start + notes[8].length).toBeLessThanOrEqual(3.5 + 1e-9);
  });

  it('is as long as chosen (30 s is 30 s) and sings, it does not speak', async () => {
    const r = await engine.run(
      job('mai_text2song_minimax', { prompt: 'happy pop', lyrics: 'Sunshine in my pocket\nDancing down the street tonight\nHold my hand and sing along with me\nEvery little star is shining bright', duration: 30, seed: 2 }),
      ctx(),
    );
    expect(Math.abs(r.outputs[0].duration! - 30)).toBeLessThan(0.1);
    expect(r.metadata.note).toMatch(/4 lyric lines sung by eSpeak NG \([^)]+\), \d+ syllables each tuned to its melody note/);
  });
});
