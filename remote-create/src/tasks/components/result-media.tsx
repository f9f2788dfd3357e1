import { useState } from 'react';
import { engineBadge, USER_TEXTS, type Task, type TaskOutput } from 'shared-contracts';
import { Button } from '@studio/ui-kit/button';
import { fieldOf } from '../../lib/task-fields';
import { focusRing, theme } from '@studio/ui-kit/theme';
import { AudioPlayer } from '../../media/components/audio-player';
import { VideoModal } from '../../media/components/video-modal';
import { ImagePreview } from '../../preview/components/image-preview';

function InlineVideo({ output, title, onExpand }: { output: TaskOutput; title: string; onExpand(): void }) {
  const [failed, setFailed] = useState(false);
  if (failed) {
    return (
      <p role="alert" css={{ margin: 0, padding: 16, borderRadius: 10, background: theme.bg, color: theme.danger, fontSize: 14 }}>
        {USER_TEXTS.PLAYBACK_FAILED}
      </p>
    );
  }
  return (
    <div css={{ position: 'relative' }}>
      <video
        // a media fragment shows a frame of the clip instead of a black box before it plays
        src={`${output.url}#t=0.1`}
        controls
        muted
        playsInline
        preload="metadata"
        aria-label={title}
        onError={() => setFailed(true)}
        css={{ display: 'block', width: '100%', maxHeight: 320, borderRadius: 10, background: '#000', aspectRatio: output.width && output.height ? `${output.width} / ${output.height}` : undefined }}
      />
      <Button variant="ghost" onClick={onExpand} css={{ marginTop: 6, minHeight: 30, padding: '0 10px', fontSize: 13 }}>
        Open larger
      </Button>
    </div>
  );
}

/** The outputs of a finished task: images (preview with group navigation), videos, audio. */
export function ResultMedia({ task, compact = false }: { task: Task; compact?: boolean }) {
  const [imageIndex, setImageIndex] = useState<number | null>(null);
  const [video, setVideo] = useState<TaskOutput | null>(null);
  const title = task.user_data.name || task.algorithm;
  const images = task.outputs.filter((output) => output.media === 'image');
  const videos = task.outputs.filter((output) => output.media === 'video');
  const audios = task.outputs.filter((output) => output.media === 'audio');
  const cover = fieldOf(task.user_data, 'styleCoverLink') || undefined;

  return (
    <div css={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
      {images.length > 0 ? (
        <div css={{ display: 'grid', gap: 6, gridTemplateColumns: `repeat(${compact ? 1 : Math.min(images.length, 4)}, minmax(0, 1fr))` }}>
          {(compact ? images.slice(0, 1) : images).map((output, index) => (
            <button
              key={output.file_path}
              type="button"
              onClick={() => setImageIndex(index)}
              aria-label={`Preview image ${index + 1} of ${images.length}`}
              css={{ padding: 0, border: 0, borderRadius: 10, overflow: 'hidden', background: theme.bg, cursor: 'zoom-in', ...focusRing }}
            >
              <img src={output.url} alt={`${title} ${index + 1}`} loading="lazy" css={{ display: 'block', width: '100%', aspectRatio: output.width && output.height ? `${output.width} / ${output.height}` : '1', objectFit: 'cover' }} />
            </button>
          ))}
        </div>
      ) : null}
      {videos.map((output) => (
        <InlineVideo key={output.file_path} output={output} title={title} onExpand={() => setVideo(output)} />
      ))}
      {audios.map((output) => (
        <AudioPlayer key={output.file_path} src={output.url} title={title} cover={cover} />
      ))}
      {imageIndex !== null ? (
        <ImagePreview
          images={images.map((output, index) => ({ src: output.url, alt: `${title} ${index + 1}` }))}
          index={imageIndex}
          onClose={() => setImageIndex(null)}
          label={engineBadge(task.engine) ?? undefined}
        />
      ) : null}
      {video ? (
        <VideoModal ratio={video.width && video.height ? video.width / video.height : 16 / 9} videoLink={video.url} thumbnailLink="" title={title} onClose={() => setVideo(null)} />
      ) : null}
    </div>
  );
}
