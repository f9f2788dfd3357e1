import type { ApiClient } from 'shared-contracts';
import { uploadFile } from './upload-api';

describe('uploadFile', () => {
  it("asks a grant for the algorithm, then PUTs the file to the grant's URL with progress and the caller's signal", async () => {
    const call = jest.fn(async () => ({ upload_url: '/v1/common/oss/upload/abc' }));
    const upload = jest.fn(async () => ({ oss_path: 'uploads/u1/abc.png' }));
    const api = { call, upload } as unknown as ApiClient;
    const file = new Blob(['png'], { type: 'image/png' });
    const onProgress = jest.fn();
    const { signal } = new AbortController();
    await expect(uploadFile(api, 'image2image', file, onProgress, signal)).resolves.toEqual({ oss_path: 'uploads/u1/abc.png' });
    expect(call).toHaveBeenCalledWith('GET /v1/common/oss/token', { query: { algorithm: 'image2image' } }, { signal });
    expect(upload).toHaveBeenCalledWith('/v1/common/oss/upload/abc', file, onProgress, signal);
  });

  it('sends nothing when the grant is refused', async () => {
    const upload = jest.fn();
    const api = { call: jest.fn(async () => Promise.reject(new Error('Not enough space'))), upload } as unknown as ApiClient;
    await expect(uploadFile(api, 'image2image', new Blob(['x']))).rejects.toThrow('Not enough space');
    expect(upload).not.toHaveBeenCalled();
  });
});
