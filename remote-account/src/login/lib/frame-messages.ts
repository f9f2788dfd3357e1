import { FRAME_MESSAGES, type FrameMessage, type FrameMessageType } from 'shared-contracts';

const TYPES = new Set<string>(Object.values(FRAME_MESSAGES));

/**
 * Accepts a message only when it comes from the account service's origin and has a known type; anything
 * else (another origin, a malformed payload, our own app's messages) answers null.
 */
export function parseFrameMessage(event: Pick<MessageEvent, 'origin' | 'data'>, accountOrigin: string): FrameMessage | null {
  if (event.origin !== accountOrigin) return null;
  const data: unknown = event.data;
  if (!data || typeof data !== 'object') return null;
  const record = data as Record<string, unknown>;
  if (typeof record.type !== 'string' || !TYPES.has(record.type)) return null;
  const message: FrameMessage = { type: record.type as FrameMessageType };
  if (typeof record.code === 'string') message.code = record.code;
  if (typeof record.state === 'string') message.state = record.state;
  if (typeof record.reason === 'string') message.reason = record.reason;
  return message;
}

const COOKIE_CHECK_MESSAGE = FRAME_MESSAGES.COOKIE_CHECK;

export function parseCookieCheck(event: Pick<MessageEvent, 'origin' | 'data'>, accountOrigin: string): boolean | null {
  if (event.origin !== accountOrigin) return null;
  const data: unknown = event.data;
  if (!data || typeof data !== 'object') return null;
  const record = data as Record<string, unknown>;
  if (record.type !== COOKIE_CHECK_MESSAGE || typeof record.supported !== 'boolean') return null;
  return record.supported;
}
