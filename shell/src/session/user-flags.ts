import { CREDITS_10_FEATURE_CODE, type PlanLevel, type User, type UserFlags } from 'shared-contracts';

export function deriveFlags(user: User | null): UserFlags {
  if (!user) {
    return { isLogin: false, isFree: false, isPremium: false, isSubscribed: false, curCredits: 0, isCredits10User: false };
  }
  const level = user.verify?.level;
  const active = !user.verify?.is_expired;
  const isPremium = active && level === 'premium';
  const isSubscribed = active && (level === 'premium' || level === 'standard');
  return {
    isLogin: true,
    isFree: !isSubscribed,
    isPremium,
    isSubscribed,
    curCredits: Number(user.integral?.integral ?? 0) || 0,
    isCredits10User: (user.featureCodes ?? []).includes(CREDITS_10_FEATURE_CODE),
  };
}

/** Display mapping of spec section 4: free->free, premium->vip, standard->standard, logged out->guest, unknown (or an expired membership)->free. */
export function planLevelOf(user: User | null): PlanLevel {
  if (!user) return 'guest';
  if (user.verify?.is_expired) return 'free';
  switch (user.verify?.level) {
    case 'premium':
      return 'vip';
    case 'standard':
      return 'standard';
    case 'free':
      return 'free';
    default:
      return 'free';
  }
}

/** Display name: nickname, first plus last name, first, last, e-mail, then the product-user label. */
export function displayNameOf(user: User | null): string {
  if (!user) return '';
  const first = user.firstname?.trim() ?? '';
  const last = user.lastname?.trim() ?? '';
  return user.nickname?.trim() || (first && last ? `${first} ${last}` : '') || first || last || user.email?.trim() || 'AI Video Generator user';
}
