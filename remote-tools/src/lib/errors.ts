import { API_CODES, isApiError, USER_TEXTS } from 'shared-contracts';

/** The text to show for a failed call: the server's message (already one of the spec's texts), or a fallback. */
export function messageOf(error: unknown, fallback: string = USER_TEXTS.UNKNOWN): string {
  if (isApiError(error)) return error.message || fallback;
  return fallback;
}

export function codeOf(error: unknown): number | null {
  return isApiError(error) ? error.code : null;
}

export const isAborted = (error: unknown) => error instanceof Error && error.name === 'AbortError';
export const isStorageFull = (error: unknown) => codeOf(error) === API_CODES.STORAGE_FULL;
export const isInsufficientCredits = (error: unknown) => codeOf(error) === API_CODES.INSUFFICIENT_CREDITS;
export const isUnauthorized = (error: unknown) => codeOf(error) === API_CODES.UNAUTHORIZED;
