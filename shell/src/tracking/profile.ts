/** The analytics profile of spec section 3 (uid, user_member_level, user_credits, wsid) from the session. */
import type { AnalyticsProfile, SessionState } from 'shared-contracts';
import { decodeJwtPayload } from '../session/jwt';

export function analyticsProfile(state: SessionState): AnalyticsProfile {
  const wsId = state.token ? decodeJwtPayload(state.token)?.wsId : undefined;
  return {
    uid: state.user?.uid ? String(state.user.uid) : '',
    user_member_level: state.planLevel,
    user_credits: state.flags.curCredits,
    wsid: typeof wsId === 'string' ? wsId : '',
  };
}
