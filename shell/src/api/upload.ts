/** PUT a file with XMLHttpRequest (fetch has no upload progress), answering the envelope's data. */
import { ApiError, USER_TEXTS, type ApiEnvelope, type UploadProgress } from 'shared-contracts';

export interface PutFileOptions<T> {
  url: string;
  headers: Record<string, string>;
  file: Blob;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
  /** the API client's envelope reading and error mapping */
  interpret(status: number, ok: boolean, body: Partial<ApiEnvelope<T>> | null, statusText: string): T;
}

export function putFile<T>({ url, headers, file, onProgress, signal, interpret }: PutFileOptions<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    for (const [name, value] of Object.entries(headers)) {
      if (name !== 'Accept') xhr.setRequestHeader(name, value);
    }
    if (file.type) xhr.setRequestHeader('Content-Type', file.type);
    xhr.upload.onprogress = (event) => {
      onProgress?.({ loaded: event.loaded, total: event.lengthComputable ? event.total : file.size });
    };
    xhr.onload = () => {
      let parsed: Partial<ApiEnvelope<T>> | null = null;
      try {
        parsed = xhr.responseText ? (JSON.parse(xhr.responseText) as Partial<ApiEnvelope<T>>) : null;
      } catch {
        parsed = null;
      }
      try {
        resolve(interpret(xhr.status, xhr.status >= 200 && xhr.status < 300, parsed, xhr.statusText));
      } catch (error) {
        reject(error);
      }
    };
    xhr.onerror = () => reject(new ApiError(USER_TEXTS.UPLOAD_FAILED, 0, 0));
    xhr.onabort = () => reject(new DOMException('upload aborted', 'AbortError'));
    if (signal) {
      if (signal.aborted) {
        reject(new DOMException('upload aborted', 'AbortError'));
        return;
      }
      signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    xhr.send(file);
  });
}
