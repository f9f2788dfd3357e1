/** Issue 21 case 6: the talking tools priced from the speech's real length; a faceless lip-sync clip refused before the charge. */
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { USER_TEXTS } from 'shared-contracts';
import { speak } from '@studio/engines/speech';
import { probeMedia, runFfmpeg } from '@studio/engines/media';
import type { MediaObject } from '../storage/media.js';
import { resolveAlgorithm } from '../algorithms/catalog.js';
import { localPrechecks, requireFace, spokenTrack } from './prechecks.js';
import type { ServiceCore } from './service-types.js';

jest.setTimeout(120000);
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'prechecks-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** a core whose storage hands back local files by path (the check itself runs on the real file) */
const core: Pick<ServiceCore, 'prechecks'> = { prechecks: localPrechecks({ downloadTo: (key: string, file: string) => copyFile(key, file) }) };
const video = (file: string, duration: number) => ({ path: file, media: 'video', duration }) as MediaObject;

describe('before the charge', () => {
  it('prices a script by how long it lasts spoken, not by its words', async () => {
    // 20 words: the old word count priced 8 s
    const text = 'Hello and welcome to the studio. Today we will make a short film about the sea and the stars above it.';
    const [track] = await spokenTrack(core, resolveAlgorithm('talking_photo')!, { text, voice: 'en-us+m3' }, []);
    const wav = path.join(dir, 'said.wav');
    await speak(text, wav, { voice: 'en-us+m3' });
    const real = (await probeMedia(wav)).duration;
    expect(Math.abs(track.duration - real)).toBeLessThan(0.1);
    expect(Math.abs(track.duration - 8)).toBeGreaterThan(0.5);
    // an uploaded track is priced by itself
    expect(await spokenTrack(core, resolveAlgorithm('talking_photo')!, { text }, [{ media: 'audio', duration: 3 } as MediaObject])).toEqual([]);
  });

  it('refuses a lip-sync clip without a face and lets one with a face through', async () => {
    const faceless = path.join(dir, 'faceless.mp4');
    await runFfmpeg(['-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=25:duration=2', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', faceless]);
    const lipSync = resolveAlgorithm('lip_sync')!;
    await expect(requireFace(core, lipSync, [video(faceless, 2)])).rejects.toMatchObject({ message: USER_TEXTS.NO_FACE });
    const portrait = path.join(dir, 'portrait.mp4');
    const sample = path.join(require.resolve('@vladmandic/face-api/package.json'), '..', 'demo', 'sample1.jpg');
    await runFfmpeg(['-loop', '1', '-framerate', '25', '-t', '1', '-i', sample, '-vf', 'crop=600:800:1260:0,scale=300:400', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', portrait]);
    await expect(requireFace(core, lipSync, [video(portrait, 1)])).resolves.toBeUndefined();
  });
});
