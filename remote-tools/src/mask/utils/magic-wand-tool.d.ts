declare module 'magic-wand-tool' {
  interface WandImage {
    data: Uint8Array | Uint8ClampedArray;
    width: number;
    height: number;
    bytes: number;
  }
  interface WandMask {
    data: Uint8Array;
    width: number;
    height: number;
    bounds: { minX: number; minY: number; maxX: number; maxY: number };
  }
  const MagicWand: {
    floodFill(image: WandImage, x: number, y: number, threshold: number, visited?: Uint8Array | null, includeBorders?: boolean): WandMask | null;
    gaussBlurOnlyBorder(mask: WandMask, radius: number, visited?: Uint8Array | null): WandMask;
  };
  export default MagicWand;
}
