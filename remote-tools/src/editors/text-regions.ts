import type { ApiClient } from 'shared-contracts';

/** The text and watermark regions the engine finds in an uploaded picture (a starting mask). */
export async function detectTextRegions(api: ApiClient, ossPath: string) {
  const answer = await api.call('POST /v1/ai/tools/text-regions', { body: { file_path: ossPath } });
  return answer.regions;
}
