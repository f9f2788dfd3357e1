/**
 * Check-in rules of sections 4, 5 and 9 that decide what the panel shows, free of React.
 */
import {
  CHECKIN_CREDITS,
  CHECKIN_DEFAULT_CREDITS,
  CHECKIN_FALLBACK_CREDITS,
  sameCheckInCycle,
  type CheckInState,
  type CheckInStatusResponse,
  type PlanLevel,
} from 'shared-contracts';

/** before anything is known (section 9: default credits 2) */
export const INITIAL_CHECKIN: CheckInState = { status: 'check_in', credits: CHECKIN_DEFAULT_CREDITS, isActivityActive: false };
/** after a failed status fetch (section 8) */
export const FALLBACK_CHECKIN: CheckInState = { status: 'check_in', credits: CHECKIN_FALLBACK_CREDITS, isActivityActive: false };

export function stateFromStatus(status: CheckInStatusResponse): CheckInState {
  const credits = Number(status.today_checkin_credits);
  return {
    status: status.is_checked_in ? 'checked_in' : 'check_in',
    credits: Number.isFinite(credits) && credits > 0 ? credits : CHECKIN_DEFAULT_CREDITS,
    isActivityActive: Boolean(status.activity_active),
  };
}

/** The panel's default credit figure per plan: 3 free and standard, 6 premium; guests see 3. */
export function panelCredits(level: PlanLevel): number {
  if (level === 'vip') return CHECKIN_CREDITS.premium;
  if (level === 'standard') return CHECKIN_CREDITS.standard;
  return CHECKIN_CREDITS.free;
}

export interface UpgradePromptInput {
  level: PlanLevel;
  isPhone: boolean;
  /** the user is in a check-in country (the activity runs for them) */
  inCheckInCountry: boolean;
}

/**
 * The upgrade prompt: guests on desktop and free users; never standard (nor premium); hidden on phones
 * for users in a check-in country.
 */
export function showUpgradePrompt({ level, isPhone, inCheckInCountry }: UpgradePromptInput): boolean {
  if (level === 'standard' || level === 'vip') return false;
  if (isPhone && inCheckInCountry) return false;
  if (level === 'guest') return !isPhone;
  return level === 'free';
}

/** The panel counts as closed when its last close time is in the same cycle as now. */
export function closedThisCycle(lastClose: number | null, now: number): boolean {
  return typeof lastClose === 'number' && Number.isFinite(lastClose) && sameCheckInCycle(lastClose, now);
}

export interface AutoShowInput {
  state: CheckInState;
  lastClose: number | null;
  now: number;
  forced: boolean;
}

/** Appears by itself unless already checked in this cycle or closed this cycle; the campaign forces it. */
export function shouldAutoShow({ state, lastClose, now, forced }: AutoShowInput): boolean {
  if (forced) return true;
  if (!state.isActivityActive) return false;
  if (state.status === 'checked_in') return false;
  return !closedThisCycle(lastClose, now);
}
