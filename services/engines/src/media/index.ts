/** `@studio/engines/media`: running ffmpeg and probing a file (no model is loaded). */
export { ffmpegToBuffer, runFfmpeg } from './ffmpeg';
export { probeMedia, type ProbedMedia } from './probe';
