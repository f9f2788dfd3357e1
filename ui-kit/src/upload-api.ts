import type { ApiClient, UploadProgress, UploadResult } from 'shared-contracts';

/**
 * One upload: an upload grant for the algorithm (GET /v1/common/oss/token), then the PUT to the grant's
 * URL with progress (the shell's api.upload); the server validates the content and answers its media info.
 */
export async function uploadFile(api: ApiClient, algorithm: string, file: Blob, onProgress?: (progress: UploadProgress) => void, signal?: AbortSignal): Promise<UploadResult> {
  const grant = await api.call('GET /v1/common/oss/token', { query: { algorithm } }, { signal });
  return api.upload<UploadResult>(grant.upload_url, file, onProgress, signal);
}
