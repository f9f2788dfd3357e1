import type { PlanLevel, User } from 'shared-contracts';

/**
 * Plan level mapping for display (section 4): free -> free, premium -> vip, standard -> standard,
 * not logged in -> guest, anything unknown -> free. An expired membership shows as free.
 */
export function planLevelOf(user: Pick<User, 'verify'> | null | undefined): PlanLevel {
  if (!user) return 'guest';
  const verify = user.verify;
  if (!verify || verify.is_expired) return 'free';
  switch (verify.level) {
    case 'premium':
      return 'vip';
    case 'standard':
      return 'standard';
    default:
      return 'free';
  }
}

export const PLAN_LABELS: Record<PlanLevel, string> = {
  guest: 'Guest',
  free: 'Free',
  standard: 'Standard',
  vip: 'Premium',
};
