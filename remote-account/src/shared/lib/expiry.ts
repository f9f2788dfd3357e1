import dayjs from 'dayjs';

/**
 * The expiry line's date (YYYY-MM-DD) from epoch seconds, or null when it would read 'Invalid Date'
 * (missing, zero or unparseable): the line is then hidden (section 5).
 */
export function expiryText(expiredTimeSeconds: unknown): string | null {
  if (typeof expiredTimeSeconds !== 'number' && typeof expiredTimeSeconds !== 'string') return null;
  const seconds = Number(expiredTimeSeconds);
  if (!Number.isFinite(seconds) || seconds <= 0) return null;
  const date = dayjs.unix(seconds);
  if (!date.isValid()) return null;
  const text = date.format('YYYY-MM-DD');
  return text === 'Invalid Date' ? null : text;
}
