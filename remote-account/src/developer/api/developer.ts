/** The developer calls of the account center (keys, webhooks, usage), all with the member's session. */
import type { ApiClient, ApiKeyCreated, ApiKeyItem, ApiKeyUsage, WebhookDelivery, WebhookEndpoint, WebhookEndpointCreated } from 'shared-contracts';

export const developerApi = (api: ApiClient) => ({
  keys: (): Promise<ApiKeyItem[]> => api.call('GET /v1/developer/keys', {}),
  createKey: (name: string, dailyCap: number | null): Promise<ApiKeyCreated> => api.call('POST /v1/developer/keys', { body: { name, daily_cap: dailyCap } }),
  revokeKey: (id: string): Promise<ApiKeyItem> => api.call('POST /v1/developer/keys/{id}/revoke', { params: { id } }),
  setCap: (id: string, dailyCap: number | null): Promise<ApiKeyItem> => api.call('POST /v1/developer/keys/{id}/cap', { params: { id }, body: { daily_cap: dailyCap } }),
  usage: (): Promise<ApiKeyUsage[]> => api.call('GET /v1/developer/usage', {}),
  webhooks: (): Promise<WebhookEndpoint[]> => api.call('GET /v1/developer/webhooks', {}),
  addWebhook: (url: string): Promise<WebhookEndpointCreated> => api.call('POST /v1/developer/webhooks', { body: { url } }),
  removeWebhook: (id: string): Promise<null> => api.call('POST /v1/developer/webhooks/{id}/delete', { params: { id } }),
  deliveries: (id: string): Promise<WebhookDelivery[]> => api.call('GET /v1/developer/webhooks/{id}/deliveries', { params: { id } }),
});
