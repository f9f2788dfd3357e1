/**
 * The AI tools' own calls (issue 11): each tool's before/after preview, made by the product's engine from an
 * input the product generates itself and kept in storage; the text regions the text remover starts from; a
 * spoken sample of each TTS voice.
 */
/** A box in a picture's own pixels. */
export interface ToolRegion {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface ToolPreview {
  /** the catalogue id (AI_TOOLS[].id) */
  tool: string;
  /** 'ready' when both files are there; 'rendering' while the engine makes them (ask again shortly) */
  status: 'ready' | 'rendering' | 'failed';
  /** the result's media, and the input's (a talking photo turns a picture into a video) */
  media: 'image' | 'video' | 'audio';
  before_media?: 'image' | 'video' | 'audio';
  /** the tool's price rule in one line, from the API's own pricing (e.g. '1 credit an image') */
  price?: string;
  /** URLs of the input and the result (absent until ready) */
  before?: string;
  after?: string;
  /** which engine made it, e.g. 'local:patchmatch' */
  engine?: string;
  note?: string;
}

export interface ToolPreviewList {
  previews: ToolPreview[];
}

declare module './calls.js' {
  interface ApiCallMap {
    'GET /v1/ai/tools/previews': { query: void; body: void; data: ToolPreviewList };
    'POST /v1/ai/tools/text-regions': { query: void; body: { file_path: string }; data: { regions: ToolRegion[] } };
  }
}
