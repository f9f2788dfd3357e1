/**
 * Local flags of spec section 3 this remote keeps: the user agreement (asked once on this browser) and
 * the per-user watermark agreement (asked once for each account). Storage errors are warned and ignored.
 */
export const USER_AGREEMENT_KEY = 'studio_user_agreement';
const WATERMARK_AGREEMENT_PREFIX = 'studio_watermark_agreement:';

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch (error) {
    console.warn('[remote-create] localStorage is not readable', error);
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch (error) {
    console.warn('[remote-create] localStorage is not writable', error);
  }
}

export const agreements = {
  userAgreed(): boolean {
    return read(USER_AGREEMENT_KEY) !== null;
  },
  agreeUser(): void {
    write(USER_AGREEMENT_KEY, String(Date.now()));
  },
  watermarkAgreed(uid: string): boolean {
    return read(`${WATERMARK_AGREEMENT_PREFIX}${uid}`) !== null;
  },
  agreeWatermark(uid: string): void {
    write(`${WATERMARK_AGREEMENT_PREFIX}${uid}`, String(Date.now()));
  },
};
