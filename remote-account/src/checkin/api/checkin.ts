import { CHECKIN_ACTIVITY_CODE, type ApiClient, type CheckInResult, type CheckInStatusResponse } from 'shared-contracts';

export function fetchCheckInStatus(api: ApiClient): Promise<CheckInStatusResponse> {
  return api.call('GET /v1/activity/checkin/status', { query: { activity_code: CHECKIN_ACTIVITY_CODE } });
}

export function postCheckIn(api: ApiClient): Promise<CheckInResult> {
  return api.call('POST /v1/activity/checkin', { body: { activity_code: CHECKIN_ACTIVITY_CODE } });
}
