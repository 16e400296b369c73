/**
 * The most pixels an upload may decode to (a 40-megapixel photo, about 120 MB decoded). A small
 * file claiming more (a decompression bomb) is refused before any pixel is decoded.
 */
export const MAX_INPUT_PIXELS = 40_000_000;
/**
 * The longest side an upload may have (a 48-megapixel phone photo is 8064 px wide), and how many
 * times its shortest side it may be (a phone's panorama is about 1:4). A strip of 1 × 39,000,000
 * pixels passes the pixel limit but costs minutes of decoding; these refuse it from the header.
 */
const MAX_SIDE_PX = 10_000;
const MAX_ASPECT_RATIO = 8;

export const TOO_MANY_PIXELS = `Image too large: at most ${MAX_INPUT_PIXELS / 1_000_000} megapixels (e.g. 7700 × 5200)`;

/**
 * Why an image of this size (read from its header) is refused before decoding, or null when it may be decoded:
 * too many pixels (`totalHeight`: every frame of an animation together), a side over MAX_SIDE_PX, or a strip
 * longer than MAX_ASPECT_RATIO times its width. Plain code without imports: the HEIC worker loads it too.
 */
export function dimensionRefusal(
  width: number,
  frameHeight: number,
  totalHeight = frameHeight,
): { statusCode: 400 | 413; message: string } | null {
  if (width * totalHeight > MAX_INPUT_PIXELS) return { statusCode: 413, message: TOO_MANY_PIXELS };
  if (Math.max(width, frameHeight) > MAX_SIDE_PX) {
    return { statusCode: 413, message: `Image too large: at most ${MAX_SIDE_PX} pixels on its longest side` };
  }
  if (Math.max(width, frameHeight) > MAX_ASPECT_RATIO * Math.min(width, frameHeight)) {
    return {
      statusCode: 400,
      message: `Image too narrow: its longest side may be at most ${MAX_ASPECT_RATIO} times its shortest`,
    };
  }
  return null;
}
