/**
 * What a failed call says to a person, for every remote. Only an API answer's words are shown (the shell's
 * client already turns a server's own words into the spec's user texts, see shell/src/api/api-client.ts);
 * anything else (a TypeError from a failed fetch, an exception's own message) reads as the fallback, so raw
 * messages never reach the page.
 */
import { API_CODES, isApiError, USER_TEXTS } from 'shared-contracts';

export const isAborted = (error: unknown): boolean => error instanceof Error && error.name === 'AbortError';

/** The text to show for a failed call: the server's message (already one of the spec's texts), '' for a call this page aborted, or the fallback. */
export function messageOf(error: unknown, fallback: string = USER_TEXTS.UNKNOWN): string {
  if (isApiError(error)) return error.message || fallback;
  if (isAborted(error)) return '';
  return fallback;
}

export function codeOf(error: unknown): number | null {
  return isApiError(error) ? error.code : null;
}

export const isStorageFull = (error: unknown): boolean => codeOf(error) === API_CODES.STORAGE_FULL;
export const isInsufficientCredits = (error: unknown): boolean => codeOf(error) === API_CODES.INSUFFICIENT_CREDITS;
