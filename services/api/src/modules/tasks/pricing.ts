/**
 * What a task costs and what a plan may do (spec sections 3, 6 and 9).
 *
 * Credits (section 9: "6 credits is about 1 second of AI video; 1 credit is 30 s for effects; a premium
 * third-party video model costs 160 credits for an 8 s video"):
 * - AI video (text/image to video, video to anime, talking photo/avatar, lip sync): 6 credits a second
 *   (a 5 s clip 30). The spec's premium third-party model (160 credits for 8 s) is not priced: no engine runs
 *   a model that deserves that price, and charging it for the same output would be pretending (issue 27);
 * - effects: 1 credit per started 30 s (a 2-10 s effect = 1); Standard and Premium: free (unlimited effects);
 * - images (text/image to image): 1 credit an image; image tools 1 credit; Premium: images free;
 * - music and songs: 1 credit per started minute (the 30 s default = 1); Premium: free;
 * - video tools (enhancer, denoise, eraser): 1 credit per started 10 s of input;
 * - audio tools (noise reduction, vocal removal): included minutes each month (Free 0, Standard 10,
 *   Premium 30), then 1 credit per started minute;
 * - checks (sensitive-content detection, face key points) and watermark_download: free.
 * Section 6's "up to 10 AI videos for 100 credits" matches the shortest clips (2 s = 12 credits); a 5 s
 * clip costs 30.
 *
 * Plan rules: Free 1 video task at once, Standard 3, Premium 5; Premium first in the queue; paid plans
 * get watermark-free output, 1080p and ultra HD upscales, frame interpolation and unlimited effects;
 * Free: a daily cap of tasks while spending free credits (none while paid credits are held); Premium's
 * free images and music: a fair-use cap per day.
 */
import { API_CODES, VIDEO_CREDITS_PER_SECOND, EFFECT_SECONDS_PER_CREDIT } from 'shared-contracts';
import { algorithmsIn } from 'shared-contracts/algorithms';
import type { AlgorithmId } from '@studio/engines/types';
import type { MemberLevel } from '../../auth.js';
import { ApiFailure } from '../../http.js';
import type { MediaObject } from '../storage/media.js';
import type { ResolvedAlgorithm } from '../algorithms/catalog.js';

export interface PlanRules {
  videosAtOnce: Record<MemberLevel, number>;
  /** tasks a Free user may start per UTC day (checks not counted) */
  freeDailyTasks: number;
  /** images and music tracks Premium makes without credits per UTC day (fair use) */
  premiumDailyFreeMedia: number;
  /** minutes of each audio tool included per calendar month (UTC) */
  includedAudioMinutes: Record<MemberLevel, number>;
  /** queue priority: higher goes first */
  priority: Record<MemberLevel, number>;
}

export const DEFAULT_PLAN_RULES: PlanRules = {
  videosAtOnce: { free: 1, standard: 3, premium: 5 },
  freeDailyTasks: 20,
  premiumDailyFreeMedia: 300,
  includedAudioMinutes: { free: 0, standard: 10, premium: 30 },
  priority: { free: 0, standard: 0, premium: 10 },
};

export function planRulesFromEnv(env: NodeJS.ProcessEnv): PlanRules {
  const n = (name: string, fallback: number) => (env[name] !== undefined && env[name] !== '' ? Number(env[name]) : fallback);
  return {
    ...DEFAULT_PLAN_RULES,
    freeDailyTasks: n('TASKS_FREE_DAILY_CAP', DEFAULT_PLAN_RULES.freeDailyTasks),
    premiumDailyFreeMedia: n('TASKS_PREMIUM_DAILY_FREE_MEDIA', DEFAULT_PLAN_RULES.premiumDailyFreeMedia),
  };
}

export interface UsageClaim {
  period: string;
  counter: string;
  amount: number;
  /** refuse the task when the counter would pass this (null: count only) */
  limit: number | null;
}

export interface Quote {
  cost: number;
  basis: string;
  /** the plan makes this without credits */
  freeForPlan: boolean;
  usage: UsageClaim[];
}

const AI_VIDEO = algorithmsIn('ai-video');
const IMAGE_GENERATION = algorithmsIn('image-generation');
const MUSIC = algorithmsIn('music');
const IMAGE_TOOLS = algorithmsIn('image-tool');
const VIDEO_TOOLS = algorithmsIn('video-tool');
export const AUDIO_TOOLS: ReadonlySet<AlgorithmId> = algorithmsIn('audio-tool');

function dayPeriod(at: Date): string {
  return `day:${at.toISOString().slice(0, 10)}`;
}
export function monthPeriod(at: Date): string {
  return `month:${at.toISOString().slice(0, 7)}`;
}

const PAID_ONLY = (what: string) => new ApiFailure(403, API_CODES.FORBIDDEN, `${what} is available on the Standard and Premium plans`);

/**
 * Plan entitlements on the parameters: refuses what the plan cannot have and fills plan defaults.
 * Answers the parameters to run with.
 */
export function applyEntitlements(resolved: ResolvedAlgorithm, params: Record<string, unknown>, level: MemberLevel): Record<string, unknown> {
  const paid = level !== 'free';
  const out = { ...params };
  if (!paid && out.resolution === '1080p') throw PAID_ONLY('Ultra HD (1080p)');
  if (resolved.id === 'image_enhancer' && !paid && Number(out.scale ?? 2) > 2) throw PAID_ONLY('Ultra HD upscaling (x3 and x4)');
  if (resolved.id === 'video_enhancer') {
    if (!paid && Number(out.interpolate_fps ?? 0) > 0) throw PAID_ONLY('Frame interpolation');
    if (!paid) {
      if (out.max_height !== undefined && Number(out.max_height) > 1080) throw PAID_ONLY('Ultra HD video');
      out.max_height = Math.min(Number(out.max_height ?? 1080), 1080);
    }
  }
  return out;
}

export interface QuoteInput {
  resolved: ResolvedAlgorithm;
  params: Record<string, unknown>;
  inputs: MediaObject[];
  level: MemberLevel;
  /** seconds of this algorithm already used this month (audio tools) */
  usedSecondsThisMonth: number;
  at: Date;
  rules: PlanRules;
  /** features the user may use once for free (the sign-up trial of variant A: image2video) */
  freeTrials?: string[];
  /** a Free user holding paid credits is not held to the daily cap (usage.ts holdsPaidCredits) */
  holdsPaidCredits?: boolean;
}

/** The usage counter of the Free plan's daily task cap. */
export const FREE_TASKS_COUNTER = 'tasks';

/** A usage claim on a free trial: period 'trial', counter = the feature; taken from free_trials. */
export const TRIAL_PERIOD = 'trial';

/** The seconds a task's output will last, as far as its price needs them. */
function pricedSeconds(input: Pick<QuoteInput, 'resolved' | 'params' | 'inputs'>): number {
  const rule = input.resolved.spec.duration;
  if (rule.from === 'param') return Number(input.params[rule.param] ?? rule.default);
  if (rule.from === 'input') return input.inputs[0]?.duration ?? 0;
  if (rule.from === 'speech') {
    // the uploaded track, or the script as spoken (measured by the caller: prechecks.ts spokenTrack)
    const track = input.inputs.find((o) => o.media === 'audio');
    if (track) return track.duration;
    return input.resolved.id === 'lip_sync' ? (input.inputs[0]?.duration ?? 0) : 0;
  }
  return 0;
}

export function quote(input: QuoteInput): Quote {
  const { resolved, params, level, rules, at } = input;
  const id = resolved.id;
  const usage: UsageClaim[] = [];
  if (level === 'free' && resolved.lane !== 'check' && !input.holdsPaidCredits) {
    usage.push({ period: dayPeriod(at), counter: FREE_TASKS_COUNTER, amount: 1, limit: rules.freeDailyTasks });
  }
  const seconds = Math.max(0, pricedSeconds(input));
  const whole = Math.max(1, Math.ceil(seconds - 1e-6));

  if (input.freeTrials?.includes(id)) {
    return {
      cost: 0,
      basis: 'Your free trial',
      freeForPlan: true,
      usage: [...usage, { period: TRIAL_PERIOD, counter: id, amount: 1, limit: null }],
    };
  }
  if (AI_VIDEO.has(id)) {
    const rate = VIDEO_CREDITS_PER_SECOND;
    return {
      cost: rate * whole,
      basis: `${rate} credits per second of AI video, ${whole} s`,
      freeForPlan: false,
      usage,
    };
  }
  if (id === 'effect') {
    if (level !== 'free') return { cost: 0, basis: 'Unlimited effects with your plan', freeForPlan: true, usage };
    const cost = Math.max(1, Math.ceil(seconds / EFFECT_SECONDS_PER_CREDIT));
    return { cost, basis: `1 credit per ${EFFECT_SECONDS_PER_CREDIT} s of effect`, freeForPlan: false, usage };
  }
  if (IMAGE_GENERATION.has(id) || MUSIC.has(id)) {
    const isMusic = MUSIC.has(id);
    const count = isMusic ? 1 : Math.max(1, Math.round(Number(params.num ?? resolved.spec.count?.default ?? 1)));
    if (level === 'premium') {
      usage.push({ period: dayPeriod(at), counter: 'free_media', amount: count, limit: rules.premiumDailyFreeMedia });
      return {
        cost: 0,
        basis: isMusic ? 'Unlimited music with Premium (fair use)' : 'Unlimited images with Premium (fair use)',
        freeForPlan: true,
        usage,
      };
    }
    if (isMusic) {
      const minutes = Math.max(1, Math.ceil(seconds / 60 - 1e-6));
      return { cost: minutes, basis: `1 credit per started minute of music, ${Math.round(seconds)} s`, freeForPlan: false, usage };
    }
    return { cost: count, basis: `1 credit per image, ${count} image${count === 1 ? '' : 's'}`, freeForPlan: false, usage };
  }
  if (IMAGE_TOOLS.has(id)) return { cost: 1, basis: '1 credit per image', freeForPlan: false, usage };
  if (VIDEO_TOOLS.has(id)) {
    const cost = Math.max(1, Math.ceil(seconds / 10 - 1e-6));
    return { cost, basis: `1 credit per started 10 s of video, ${Math.round(seconds)} s`, freeForPlan: false, usage };
  }
  if (AUDIO_TOOLS.has(id)) {
    const includedSeconds = rules.includedAudioMinutes[level] * 60;
    const left = Math.max(0, includedSeconds - input.usedSecondsThisMonth);
    const covered = Math.min(left, seconds);
    const extra = seconds - covered;
    const cost = extra > 1e-6 ? Math.ceil(extra / 60 - 1e-6) : 0;
    if (covered > 0) usage.push({ period: monthPeriod(at), counter: `seconds:${id}`, amount: covered, limit: includedSeconds });
    const leftMin = Math.floor(left / 60);
    const basis =
      includedSeconds > 0
        ? `${leftMin} of your ${rules.includedAudioMinutes[level]} included minutes left this month; then 1 credit per started minute`
        : '1 credit per started minute of audio';
    return { cost, basis, freeForPlan: cost === 0, usage };
  }
  // checks
  return { cost: 0, basis: 'Checks are free', freeForPlan: true, usage };
}
