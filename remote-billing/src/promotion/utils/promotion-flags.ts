import { type AdModule, type PromotionFlag, type PromotionPlacement } from 'shared-contracts';

/** Local flags of spec section 3: the closed flag of each ad module, and each promotion's show/close dates. */
const AD_CLOSED_KEY = (module: AdModule) => `studio.ad-closed.${module}`;
const PROMOTION_KEY = (placement: PromotionPlacement) => `studio.promotion.${placement}`;

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch (error) {
    console.warn('[promotion] local storage unavailable', error);
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch (error) {
    console.warn('[promotion] local storage unavailable', error);
  }
}

export function isAdClosed(module: AdModule): boolean {
  return read(AD_CLOSED_KEY(module)) === '1';
}

export function closeAd(module: AdModule): void {
  write(AD_CLOSED_KEY(module), '1');
}

export function readPromotionFlag(placement: PromotionPlacement): PromotionFlag {
  const raw = read(PROMOTION_KEY(placement));
  if (raw) {
    try {
      const parsed = JSON.parse(raw) as Partial<PromotionFlag>;
      return { lastShownDate: String(parsed.lastShownDate ?? ''), closedAt: Number(parsed.closedAt ?? 0) };
    } catch (error) {
      console.warn('[promotion] unreadable flag', error);
    }
  }
  return { lastShownDate: '', closedAt: 0 };
}

export function localDate(now: number): string {
  const date = new Date(now);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export function recordShown(placement: PromotionPlacement, now: number): void {
  write(PROMOTION_KEY(placement), JSON.stringify({ ...readPromotionFlag(placement), lastShownDate: localDate(now) }));
}

export function recordClosed(placement: PromotionPlacement, now: number): void {
  write(PROMOTION_KEY(placement), JSON.stringify({ ...readPromotionFlag(placement), closedAt: now }));
}
