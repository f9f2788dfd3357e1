/** The price table, plan rights and engine choice by configuration (pure functions). */
import { resolveAlgorithm } from '../algorithms/catalog';
import { createTaskEngines, engineConfigFromEnv } from './engines';
import { applyEntitlements, DEFAULT_PLAN_RULES, quote, type QuoteInput } from './pricing';
import type { MediaObject } from '../storage/media';
import { polishPrompt } from './prompt';

const at = new Date('2026-11-22T12:00:00Z');

function price(algorithm: string, params: Record<string, unknown>, level: QuoteInput['level'] = 'free', extra: Partial<QuoteInput> = {}) {
  const resolved = resolveAlgorithm(algorithm);
  if (!resolved) throw new Error(`unknown ${algorithm}`);
  return quote({ resolved, params, inputs: [], level, usedSecondsThisMonth: 0, at, rules: DEFAULT_PLAN_RULES, ...extra });
}
const input = (duration: number, media: 'video' | 'audio' = 'video') => ({ duration, media }) as MediaObject;

describe('prices (spec section 9)', () => {
  it('charges 6 credits a second of AI video, whatever model a caller names (no premium model is priced)', () => {
    expect(price('text2video', { duration: 5 }).cost).toBe(30);
    expect(price('image2video', {}).cost).toBe(30); // the 5 s default
    expect(price('text2video', { duration: 8, model: 'premium' }, 'premium').cost).toBe(48);
    expect(price('video2anime', {}, 'standard', { inputs: [input(4.2)] }).cost).toBe(30);
    // talking tools by the speech's real length (the script as spoken is an audio input: prechecks.ts)
    expect(price('talking_photo', { text: 'ten words' }, 'free', { inputs: [input(6.56, 'audio')] }).cost).toBe(42);
  });

  it('charges 1 credit per 30 s of effect, nothing for paid plans', () => {
    expect(price('effect', { duration: 5 }).cost).toBe(1);
    expect(price('effect', { duration: 5 }, 'standard')).toMatchObject({ cost: 0, freeForPlan: true });
  });

  it('keeps images and music modest, free for Premium under fair use', () => {
    expect(price('text2image', { num: 4 }).cost).toBe(4);
    expect(price('mai_tcm', {}).cost).toBe(1);
    expect(price('mai_tcm', { duration: 150 }).cost).toBe(3);
    const premium = price('text2image', { num: 4 }, 'premium');
    expect(premium.cost).toBe(0);
    expect(premium.usage).toContainEqual(expect.objectContaining({ counter: 'free_media', amount: 4, limit: DEFAULT_PLAN_RULES.premiumDailyFreeMedia }));
    expect(price('bg_remover', {}).cost).toBe(1);
    expect(price('video_enhancer', {}, 'standard', { inputs: [input(95)] }).cost).toBe(10);
    expect(price('t_sensitive_detect', {}).cost).toBe(0);
  });

  it('counts Free tasks against the daily cap, checks excepted', () => {
    expect(price('text2image', {}).usage).toContainEqual({ period: 'day:2026-11-22', counter: 'tasks', amount: 1, limit: 20 });
    expect(price('i_sensitive_detect', {}).usage).toEqual([]);
    expect(price('text2image', {}, 'standard').usage).toEqual([]);
  });

  it('takes audio minutes from the monthly allowance first (Standard 10), then 1 credit a started minute', () => {
    const within = price('audio_noise_reduction', {}, 'standard', { inputs: [input(240, 'audio')], usedSecondsThisMonth: 120 });
    expect(within.cost).toBe(0);
    expect(within.usage).toEqual([{ period: 'month:2026-11', counter: 'seconds:audio_noise_reduction', amount: 240, limit: 600 }]);
    const over = price('audio_vocal_removal', {}, 'standard', { inputs: [input(240, 'audio')], usedSecondsThisMonth: 500 });
    expect(over.cost).toBe(3); // 100 s included, 140 s charged
    expect(price('audio_vocal_removal', {}, 'free', { inputs: [input(61, 'audio')] }).cost).toBe(2);
  });
});

describe('plan rights', () => {
  const resolved = (name: string) => resolveAlgorithm(name)!;
  it('keeps ultra HD, x3/x4 upscales and frame interpolation for paid plans', () => {
    expect(() => applyEntitlements(resolved('text2video'), { resolution: '1080p' }, 'free')).toThrow(/Standard and Premium/);
    expect(applyEntitlements(resolved('text2video'), { resolution: '1080p' }, 'standard')).toEqual({ resolution: '1080p' });
    expect(() => applyEntitlements(resolved('image_enhancer'), { scale: 4 }, 'free')).toThrow();
    expect(() => applyEntitlements(resolved('video_enhancer'), { interpolate_fps: 60 }, 'free')).toThrow(/Frame interpolation/);
    expect(applyEntitlements(resolved('video_enhancer'), {}, 'free')).toEqual({ max_height: 1080 });
    expect(applyEntitlements(resolved('video_enhancer'), { interpolate_fps: 60 }, 'premium')).toEqual({ interpolate_fps: 60 });
  });

  it('maps the spec’s meta types to algorithms', () => {
    expect(resolveAlgorithm('mai_fs')?.id).toBe('bg_remover');
    expect(resolveAlgorithm('inpaint_clothes')?.id).toBe('partial_redrawing');
    expect(resolveAlgorithm('watermark')).toBeNull();
    expect(resolveAlgorithm('nope')).toBeNull();
  });
});

describe('engines by configuration', () => {
  it('reads ENGINE_<ALGORITHM> over ENGINE_ALGORITHMS over ENGINE_DEFAULT', () => {
    const config = engineConfigFromEnv({ ENGINE_DEFAULT: 'local', ENGINE_ALGORITHMS: 'text2video=comfyui,image2video=comfyui', ENGINE_IMAGE2VIDEO: 'local', ENGINE_MAI_TCM: 'comfyui' });
    expect(config).toEqual({ default: 'local', algorithms: { text2video: 'comfyui', image2video: 'local', mai_tcm: 'comfyui' } });
    expect(() => engineConfigFromEnv({ ENGINE_ALGORITHMS: 'nonsense=comfyui' })).toThrow(/cannot read/);
  });

  it('refuses to start with a ComfyUI choice and no COMFYUI_URL, or an unknown engine', async () => {
    await expect(createTaskEngines({ ENGINE_TEXT2VIDEO: 'comfyui' })).rejects.toThrow(/COMFYUI_URL/);
    await expect(createTaskEngines({ ENGINE_DEFAULT: 'gpu' })).rejects.toThrow(/unknown engine/);
  });
});

describe('prompt polish', () => {
  it('is deterministic and keeps the user’s words first', () => {
    const a = polishPrompt('  a fox in the snow.  ');
    expect(a.startsWith('A fox in the snow, ')).toBe(true);
    expect(polishPrompt('a fox in the snow')).toBe(a);
    expect(polishPrompt('')).toBe('');
  });
});
