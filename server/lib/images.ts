/**
 * Pictures players send (transfer receipts): what a file is, read from its bytes and never from its
 * name or declared type, and its size in pixels from its own header. A file whose bytes are not a JPEG,
 * PNG or WebP picture with a readable size is not a picture.
 *
 * Resizing to the 750 px of spec §9 is done by sharp (libvips); a picture already within the size (the
 * page resizes before sending, as it does for avatars) is kept as it is.
 */
import sharp from 'sharp';

export type ImageType = 'image/jpeg' | 'image/png' | 'image/webp';

export interface ImageInfo {
  contentType: ImageType;
  width: number;
  height: number;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Larger than any phone camera; a header claiming more is a crafted file. */
const MAX_PIXELS_PER_SIDE = 20_000;

function jpegSize(data: Buffer): { width: number; height: number } | undefined {
  let at = 2;
  while (at + 9 < data.length) {
    if (data[at] !== 0xff) return undefined;
    const marker = data[at + 1]!;
    if (marker === 0xff) {
      at++; // fill byte
      continue;
    }
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      at += 2;
      continue;
    }
    const length = data.readUInt16BE(at + 2);
    if (length < 2) return undefined;
    // Start of frame (SOF0–SOF15 but DHT C4, JPG C8 and DAC CC): precision, height, width.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: data.readUInt16BE(at + 5), width: data.readUInt16BE(at + 7) };
    }
    if (marker === 0xda || marker === 0xd9) return undefined; // scan or end before any frame
    at += 2 + length;
  }
  return undefined;
}

function pngSize(data: Buffer): { width: number; height: number } | undefined {
  if (data.length < 33 || data.subarray(12, 16).toString('latin1') !== 'IHDR') return undefined;
  return { width: data.readUInt32BE(16), height: data.readUInt32BE(20) };
}

function webpSize(data: Buffer): { width: number; height: number } | undefined {
  if (data.length < 30) return undefined;
  const chunk = data.subarray(12, 16).toString('latin1');
  if (chunk === 'VP8 ' && data[23] === 0x9d && data[24] === 0x01 && data[25] === 0x2a) {
    return { width: data.readUInt16LE(26) & 0x3fff, height: data.readUInt16LE(28) & 0x3fff };
  }
  if (chunk === 'VP8L' && data[20] === 0x2f) {
    const bits = data.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X') return { width: data.readUIntLE(24, 3) + 1, height: data.readUIntLE(27, 3) + 1 };
  return undefined;
}

/** The picture's type and size from its bytes, or undefined when the bytes are not a picture we read. */
export function inspectImage(data: Buffer): ImageInfo | undefined {
  let info: ImageInfo | undefined;
  if (data.length > 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) {
    const size = jpegSize(data);
    info = size && { contentType: 'image/jpeg', ...size };
  } else if (data.subarray(0, 8).equals(PNG_SIGNATURE)) {
    const size = pngSize(data);
    info = size && { contentType: 'image/png', ...size };
  } else if (data.subarray(0, 4).toString('latin1') === 'RIFF' && data.subarray(8, 12).toString('latin1') === 'WEBP') {
    const size = webpSize(data);
    info = size && { contentType: 'image/webp', ...size };
  }
  if (!info) return undefined;
  const sides = [info.width, info.height];
  return sides.every((side) => Number.isInteger(side) && side > 0 && side <= MAX_PIXELS_PER_SIDE) ? info : undefined;
}

export interface FittedImage extends ImageInfo {
  data: Buffer;
}

export class NotAnImage extends Error {}

/**
 * The picture fitted within `maxSide` pixels on its longest side (JPEG at `quality`, turned upright
 * by its EXIF orientation), or as it came when it is within the size already.
 */
export async function fitImage(data: Buffer, maxSide: number, quality: number): Promise<FittedImage> {
  const info = inspectImage(data);
  if (!info) throw new NotAnImage('not a picture');
  if (Math.max(info.width, info.height) <= maxSide) return { ...info, data };
  try {
    const out = await sharp(data, { limitInputPixels: MAX_PIXELS_PER_SIDE * MAX_PIXELS_PER_SIDE, failOn: 'error' })
      .rotate()
      // Transparent parts of a screenshot turn white, not black, in the JPEG.
      .flatten({ background: '#ffffff' })
      .resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: Math.round(quality * 100) })
      .toBuffer({ resolveWithObject: true });
    return { contentType: 'image/jpeg', width: out.info.width, height: out.info.height, data: out.data };
  } catch {
    // A header that reads well over bytes that do not decode.
    throw new NotAnImage('not a picture');
  }
}
