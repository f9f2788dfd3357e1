jest.setTimeout(120000);
import { join } from 'node:path';
import { USER_TEXTS } from 'shared-contracts/constants';
import { runFfmpeg } from '../src/media/ffmpeg';
import { listVoices } from '../src/local/audio/speech';
import { planMusic } from '../src/local/audio/synth';
import { ctxFor, engine, job, pcm, rms, tempDir, tonePower } from './helpers';
import { noisyVoice, pauseLevel, speechLevel } from './media-fixtures';

const t = tempDir('audio');
afterAll(() => t.cleanup());
const ctx = () => ctxFor(t.dir);

describe('text to music', () => {
  it('key, tempo and instruments follow the prompt', () => {
    const sad = planMusic('a sad slow piano ballad in the rain', undefined, 1);
    expect(sad.mode).toBe('minor');
    expect(sad.bpm).toBeLessThan(90);
    expect(sad.instruments).toContain('piano');
    const edm = planMusic('happy energetic edm dance track with synth, 128 bpm', undefined, 1);
    expect(edm).toMatchObject({ mode: 'major', bpm: 128, drums: 'four' });
    expect(edm.instruments).toContain('synth');
    expect(planMusic('calm ambient pad in D minor for meditation', undefined, 5)).toMatchObject({ keyName: 'D minor', drums: 'none' });
  });

  it('makes an mp3 of the asked duration that is not silent; same prompt+seed = same audio, another prompt differs', async () => {
    const a = await engine.run(job('mai_tcm', { prompt: 'upbeat acoustic guitar folk song', duration: 8, seed: 2 }), ctx());
    const b = await engine.run(job('mai_tcm', { prompt: 'upbeat acoustic guitar folk song', duration: 8, seed: 2 }), ctx());
    const c = await engine.run(job('mai_tcm', { prompt: 'dark cinematic strings and slow drums', duration: 8, seed: 2 }), ctx());
    expect(a.outputs[0]).toMatchObject({ media: 'audio', mime: 'audio/mpeg' });
    expect(Math.abs(a.outputs[0].duration! - 8)).toBeLessThan(0.2);
    const [sa, sb, sc] = await Promise.all([pcm(a.outputs[0].path), pcm(b.outputs[0].path), pcm(c.outputs[0].path)]);
    expect(rms(sa)).toBeGreaterThan(0.05);
    let same = 0;
    for (let i = 0; i < sa.length; i++) same += Math.abs(sa[i] - sb[i]);
    expect(same / sa.length).toBeLessThan(1e-4);
    let diff = 0;
    for (let i = 0; i < Math.min(sa.length, sc.length); i++) diff += Math.abs(sa[i] - sc[i]);
    expect(diff / sa.length).toBeGreaterThan(0.01);
    expect(a.metadata.note).toMatch(/at \d+ bpm/);
    expect(a.metadata.note).toMatch(/no generative model ran/);
  });

  it('m4a on request; too short a prompt is refused with the spec text', async () => {
    const r = await engine.run(job('mai_tcm', { prompt: 'lofi chill hip hop beat', duration: 5, format: 'm4a' }), ctx());
    expect(r.outputs[0].mime).toBe('audio/mp4');
    await expect(engine.run(job('mai_tcm', { prompt: 'short' }), ctx())).rejects.toMatchObject({ userText: USER_TEXTS.MUSIC_EMPTY });
  });
});

describe('song', () => {
  it('sings the lyrics in phrases after the intro over a backing set by the prompt and seed', async () => {
    const song = (lyrics: string) => engine.run(job('mai_text2song_minimax', { prompt: 'happy pop song', lyrics, duration: 10, seed: 1 }), ctx());
    const a = await song('Sunshine in my pocket\nDancing down the street tonight');
    const b = await song('Rivers running to the ocean\nStars are falling all around us');
    const o = a.outputs[0];
    expect(o.media).toBe('audio');
    expect(Math.abs(o.duration! - 10)).toBeLessThan(0.1);
    const [sa, sb] = await Promise.all([pcm(o.path), pcm(b.outputs[0].path)]);
    expect(rms(sa)).toBeGreaterThan(0.03);
    expect(a.metadata.note).toMatch(/2 lyric lines sung by eSpeak NG/);
    // the same backing under different words: alike in the intro (a beat for a short song), different where the lines are sung
    const bpm = Number(/at (\d+) bpm/.exec(a.metadata.note)![1]);
    const bar = (60 / bpm) * 4;
    const diff = (from: number, to: number) => {
      let d = 0;
      const i0 = Math.floor(from * 16000), i1 = Math.floor(to * 16000);
      for (let i = i0; i < i1; i++) d += Math.abs(sa[i] - sb[i]);
      return d / (i1 - i0);
    };
    const beat = bar / 4;
    expect(diff(0.05, beat - 0.05)).toBeLessThan(0.01);
    expect(diff(beat + 0.1, beat + 1.5)).toBeGreaterThan(0.03);
    await expect(engine.run(job('mai_text2song_minimax', { lyrics: 'too short' }), ctx())).rejects.toMatchObject({ userText: USER_TEXTS.LYRICS_TOO_SHORT });
    await expect(engine.run(job('mai_text2song_minimax', { lyrics: '' }), ctx())).rejects.toMatchObject({ userText: USER_TEXTS.MUSIC_EMPTY });
  });

  it('lists real eSpeak NG voices, male and female, for the product languages', async () => {
    const voices = await listVoices();
    expect(voices.length).toBeGreaterThanOrEqual(20);
    expect(voices).toEqual(expect.arrayContaining([{ id: 'en-us+f3', name: 'English (US), female', lang: 'en-us', gender: 'female' }]));
    expect(new Set(voices.map((v) => v.gender))).toEqual(new Set(['male', 'female']));
  });
});

describe('audio tools', () => {
  // issue 21 case 5: the old afftdn chain removed 4.6 dB and skipped the first half of a 12 s clip
  it('noise reduction takes the noise out of the whole of a 12 s voice clip and keeps the voice', async () => {
    const f = await noisyVoice(t.dir, 12);
    const r = await engine.run(job('audio_noise_reduction', { strength: 'medium' }, [f.path]), ctx());
    const [clean, noisy, out] = await Promise.all([pcm(f.clean), pcm(f.path), pcm(r.outputs[0].path)]);
    expect(pauseLevel(noisy, clean, 0, 6) - pauseLevel(out, clean, 0, 6)).toBeGreaterThan(12);
    expect(pauseLevel(noisy, clean, 6, 12) - pauseLevel(out, clean, 6, 12)).toBeGreaterThan(12);
    expect(Math.abs(speechLevel(out, clean) - speechLevel(noisy, clean))).toBeLessThan(3);
    expect(r.metadata.engine).toBe('local:rnnoise');
    expect(r.metadata.note).toMatch(/whole clip .* dB less/);
  });

  it('vocal removal cancels the centre and keeps the sides', async () => {
    // "voice": 660 Hz in the centre; "band": 300 Hz left, 880 Hz right
    const mixPath = join(t.dir, 'mix.wav');
    await runFfmpeg([
      '-f', 'lavfi', '-i', 'sine=frequency=660:duration=3:sample_rate=16000',
      '-f', 'lavfi', '-i', 'sine=frequency=300:duration=3:sample_rate=16000',
      '-f', 'lavfi', '-i', 'sine=frequency=880:duration=3:sample_rate=16000',
      '-filter_complex', '[0:a][1:a][2:a]amerge=inputs=3,pan=stereo|c0=0.4*c0+0.4*c1|c1=0.4*c0+0.4*c2', mixPath,
    ]);
    const r = await engine.run(job('audio_vocal_removal', {}, [mixPath]), ctx());
    expect(r.outputs).toHaveLength(2);
    const [inL, outL, voc] = await Promise.all([pcm(mixPath, 16000, 'left'), pcm(r.outputs[0].path, 16000, 'left'), pcm(r.outputs[1].path)]);
    const m = (s: Float32Array) => s.subarray(8000, 40000);
    expect(tonePower(m(outL), 660)).toBeLessThan(tonePower(m(inL), 660) * 0.05);
    expect(tonePower(m(outL), 300)).toBeGreaterThan(tonePower(m(inL), 300) * 0.3);
    expect(tonePower(m(voc), 660)).toBeGreaterThan(tonePower(m(voc), 300));
    expect(r.metadata.note).toMatch(/centre-channel cancellation/);
  });

  it('vocal removal says why it cannot work on a mono track', async () => {
    const mono = join(t.dir, 'mono.wav');
    await runFfmpeg(['-f', 'lavfi', '-i', 'sine=frequency=440:duration=1', '-ac', '2', mono]);
    await expect(engine.run(job('audio_vocal_removal', {}, [mono]), ctx())).rejects.toMatchObject({ userText: USER_TEXTS.PROCESSING_FAILED, detail: expect.stringMatching(/mono/) });
  });
});
