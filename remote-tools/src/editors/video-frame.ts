/** Draws one frame of a video (at `seconds`) onto a canvas at the video's own size, for the mask editor. */
export function grabFrame(url: string, seconds: number): Promise<HTMLCanvasElement> {
  return new Promise((resolve, reject) => {
    const video = document.createElement('video');
    video.muted = true;
    video.playsInline = true;
    video.preload = 'auto';
    video.crossOrigin = 'anonymous';
    const fail = () => reject(new Error('Playback Failed'));
    video.onerror = fail;
    video.onloadedmetadata = () => {
      video.currentTime = Math.max(0, Math.min(seconds, (video.duration || 0) - 0.05));
    };
    video.onseeked = () => {
      const canvas = document.createElement('canvas');
      canvas.width = video.videoWidth;
      canvas.height = video.videoHeight;
      const ctx = canvas.getContext('2d');
      if (!ctx) return fail();
      ctx.drawImage(video, 0, 0);
      video.removeAttribute('src');
      video.load();
      resolve(canvas);
    };
    video.src = url;
  });
}
