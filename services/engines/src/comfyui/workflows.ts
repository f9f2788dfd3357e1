/**
 * The ComfyUI workflows shipped with the engines (API format, one `<algorithm>.json` each in ./workflows)
 * and the model files each expects in ComfyUI's models folders. COMFYUI_WORKFLOWS points elsewhere to use
 * an operator's own.
 */
import { join } from 'node:path';
import type { AlgorithmId } from '../types';

export const BUNDLED_WORKFLOWS_DIR = join(__dirname, 'workflows');

/** What each bundled workflow loads, as the result's metadata names it (files under ComfyUI/models). */
export const WORKFLOW_MODELS: Partial<Record<AlgorithmId, string>> = {
  text2image: 'SDXL base 1.0 (checkpoints/sd_xl_base_1.0.safetensors)',
  image2image: 'SDXL base 1.0 img2img (checkpoints/sd_xl_base_1.0.safetensors)',
  text2video: 'Wan 2.1 T2V 1.3B (diffusion_models/wan2.1_t2v_1.3B_fp16.safetensors, text_encoders/umt5_xxl_fp8_e4m3fn_scaled.safetensors, vae/wan_2.1_vae.safetensors)',
  image2video: 'Wan 2.1 I2V 480p 14B (diffusion_models/wan2.1_i2v_480p_14B_fp8_e4m3fn.safetensors, clip_vision/clip_vision_h.safetensors, umt5 text encoder, Wan VAE)',
  video2anime: 'Animagine XL 3.1 frame by frame (checkpoints/animagine-xl-3.1.safetensors)',
  mai_tcm: 'Stable Audio Open 1.0 (checkpoints/stable-audio-open-1.0.safetensors, text_encoders/t5_base.safetensors)',
  mai_text2song_minimax: 'ACE-Step v1 3.5B (checkpoints/ace_step_v1_3.5b.safetensors)',
};

/** The generative algorithms with a bundled workflow. */
export const WORKFLOW_ALGORITHMS = Object.keys(WORKFLOW_MODELS) as AlgorithmId[];
