import type { ApiClient } from 'shared-contracts';
import type { FeedbackParams } from '../lib/feedback-session';

export function submitFeedback(api: ApiClient, content: string, contact: string, params: FeedbackParams): Promise<{ id: string }> {
  const { source, ...link } = params;
  return api.call('POST /v1/feedback', {
    body: { content, ...(contact ? { contact } : {}), source: { ...link, ...source, page: window.location.pathname } },
  });
}
