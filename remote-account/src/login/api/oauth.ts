import type { ApiClient, OAuthTokenRequest, OAuthTokenResponse } from 'shared-contracts';

export function exchangeCode(api: ApiClient, body: OAuthTokenRequest): Promise<OAuthTokenResponse> {
  return api.call('POST /v1/oauth/token', { body });
}

export async function fetchFeatureCodes(api: ApiClient, pids: number[]): Promise<string[]> {
  const data = await api.call('POST /v1/feature-code/auth', { body: { pids } });
  return data.feature_codes;
}

/** The A/B plan of a test; any failure answers 0, the default variant (spec section 8). */
export async function fetchAbPlan(api: ApiClient, testCode: string, userId?: string): Promise<number> {
  try {
    const data = await api.call('GET /v1/common/ab-test', { query: userId ? { test_code: testCode, user_id: userId } : { test_code: testCode } });
    return typeof data.plan === 'number' ? data.plan : 0;
  } catch (error) {
    console.warn('[account] ab-test failed, default variant', error);
    return 0;
  }
}
