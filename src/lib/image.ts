import { IMAGE_MAX_SIDE, IMAGE_QUALITY } from '../contract/constants';

/** The size an image is drawn at so that its longer side is at most `maxSide`. */
export function fitWithin(width: number, height: number, maxSide: number): { width: number; height: number } {
  const scale = Math.min(1, maxSide / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * Image uploads are resized to a maximum side of 750 px at 0.9 quality (spec §5, §9) before they leave
 * the phone: a 12-megapixel photo becomes about 100 KB instead of 4 MB of the player's data.
 */
export async function resizeImage(file: Blob, maxSide = IMAGE_MAX_SIDE, quality = IMAGE_QUALITY): Promise<string> {
  const bitmap = await createImageBitmap(file);
  try {
    const size = fitWithin(bitmap.width, bitmap.height, maxSide);
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d canvas');
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    return canvas.toDataURL('image/jpeg', quality);
  } finally {
    bitmap.close();
  }
}
