import { IMAGE_MAX_SIDE, IMAGE_QUALITY } from '../contract/constants';

/** The size an image is drawn at so that its longer side is at most `maxSide`. */
export function fitWithin(width: number, height: number, maxSide: number): { width: number; height: number } {
  const scale = Math.min(1, maxSide / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

export interface JpegOptions {
  maxSide: number;
  quality: number;
}

/** What fittedJpeg needs of a canvas (a test passes its own). */
export interface CanvasLike {
  width: number;
  height: number;
  getContext(kind: '2d'): Pick<CanvasRenderingContext2D, 'drawImage'> | null;
  toDataURL(type: string, quality: number): string;
}

const newCanvas = (): CanvasLike => document.createElement('canvas');

/**
 * Draws `source` (a photo, a video frame) fitted within `maxSide` and answers it as a JPEG data: URL.
 * Both the file uploads and the camera captures go through here, so every image leaves the phone at
 * the size and quality of spec §5 (750 px, 0.9).
 */
export function fittedJpeg(
  source: CanvasImageSource,
  width: number,
  height: number,
  { maxSide, quality }: JpegOptions = { maxSide: IMAGE_MAX_SIDE, quality: IMAGE_QUALITY },
  createCanvas: () => CanvasLike = newCanvas,
): string {
  const size = fitWithin(width, height, maxSide);
  const canvas = createCanvas();
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2d canvas');
  context.drawImage(source, 0, 0, size.width, size.height);
  return canvas.toDataURL('image/jpeg', quality);
}

/**
 * Image uploads are resized to a maximum side of 750 px at 0.9 quality (spec §5, §9) before they leave
 * the phone: a 12-megapixel photo becomes about 100 KB instead of 4 MB of the player's data.
 */
export async function resizeImage(file: Blob, maxSide = IMAGE_MAX_SIDE, quality = IMAGE_QUALITY): Promise<string> {
  const bitmap = await createImageBitmap(file);
  try {
    return fittedJpeg(bitmap, bitmap.width, bitmap.height, { maxSide, quality });
  } finally {
    bitmap.close();
  }
}

/**
 * A data: URL's bytes as a Blob. The page's Content-Security-Policy shows images from blob: addresses,
 * never data: ones, so a preview of a photo about to be sent goes through here and URL.createObjectURL.
 */
export function dataUrlToBlob(dataUrl: string): Blob {
  const comma = dataUrl.indexOf(',');
  const type = /^data:([^;,]+)/.exec(dataUrl)?.[1] ?? 'application/octet-stream';
  const binary = atob(dataUrl.slice(comma + 1));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type });
}
