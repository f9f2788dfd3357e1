import { useEffect, useState } from 'react';
import { prepareWorkingImage, type WorkingImage } from '../utils/crop-image';

/**
 * The file read at its working size (at most 2000 px, or `maxSize`), released when the file changes or the
 * modal closes. `error` says why it could not be read; the crop sets it too when cropping fails.
 */
export function useWorkingImage(file: Blob, maxSize: number | undefined) {
  const [work, setWork] = useState<WorkingImage | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    let prepared: WorkingImage | null = null;
    setWork(null);
    setError(null);
    prepareWorkingImage(file, maxSize).then(
      (image) => {
        prepared = image;
        if (live) setWork(image);
        else image.release();
      },
      (reason: unknown) => {
        if (!live) return;
        const message = reason instanceof Error ? reason.message : String(reason);
        console.error('[crop] could not prepare the image', reason);
        setError(message);
      },
    );
    return () => {
      live = false;
      prepared?.release();
    };
  }, [file, maxSize]);

  return { work, error, setError };
}
