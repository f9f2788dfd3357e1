import { useEffect, useRef, useState } from 'react';
import { useUpload } from '../../uploads/hooks/use-upload';

/**
 * The upload behind a media input: tells the form while it uploads (so Generate waits), frees the old
 * preview URL when it is replaced or the input goes, and says the input's own refusal (`setLocalError`)
 * before the upload's.
 */
export function useMediaUpload(algorithm: string, previewUrl: string | undefined, onBusyChange: (busy: boolean) => void) {
  const upload = useUpload(algorithm);
  const [localError, setLocalError] = useState<string | null>(null);
  const uploading = upload.state.phase === 'uploading';
  const busyChange = useRef(onBusyChange);
  busyChange.current = onBusyChange;

  useEffect(() => {
    busyChange.current(uploading);
  }, [uploading]);
  useEffect(() => () => busyChange.current(false), []);
  useEffect(() => () => {
    if (previewUrl) URL.revokeObjectURL(previewUrl);
  }, [previewUrl]);

  return {
    upload,
    uploading,
    percent: upload.state.phase === 'uploading' ? upload.state.percent : 0,
    error: localError ?? (upload.state.phase === 'error' ? upload.state.message : null),
    setLocalError,
  };
}
