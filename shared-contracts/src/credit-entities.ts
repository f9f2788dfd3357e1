/** Check-in and credit transaction entities of spec section 3; re-exported by entities.ts. */

export type CheckInStatusValue = 'check_in' | 'checked_in';

export interface CheckInState {
  status: CheckInStatusValue;
  credits: number;
  isActivityActive: boolean;
}

export interface CheckInStatusResponse {
  is_checked_in: boolean;
  today_available: boolean;
  today_checkin_credits: number;
  activity_active: boolean;
}

export interface CheckInResult {
  success: boolean;
  is_checked_in: boolean;
  message: string;
}

export type CreditTransactionType = 'acquisition' | 'consumption';

export interface CreditTransaction {
  type: CreditTransactionType;
  details: string;
  credits: number;
  /** seconds */
  date: number;
  /** seconds; 0 for consumption */
  expire_time: number;
  /** 1 when expired */
  is_expired: 0 | 1;
  /** 1 valid, else invalid */
  status: number;
}
