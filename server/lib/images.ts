/**
 * Pictures players send (identity photos, transfer receipts, avatars): what a file is, read from its
 * bytes and never from its name or declared type, and its size in pixels from its own header. A file
 * whose bytes are not a JPEG, PNG or WebP picture with a readable size is not a picture.
 *
 * A picture is judged by its header before anything decodes it (issue 30): over MAX_IMAGE_BYTES or
 * MAX_IMAGE_PIXELS it is refused as it is. A 48 KB PNG can say it is 20000×20000 (400 megapixels at one
 * bit each), and decoding it took 3 s of a core; six at once held every other player's upload for 10 s.
 *
 * Resizing to the 750 px of spec §9 is done by sharp (libvips), within a time budget, through the
 * instance's decode queue: a few decodes at a time, one at a time for each sender, and a short wait at
 * most, so one sender's large pictures never hold another's. A picture already within the size (the
 * page resizes before sending, as it does for avatars) is kept as it is and decodes nothing.
 */
import { availableParallelism } from 'node:os';
import PQueue from 'p-queue';
import sharp from 'sharp';
import { GatewayCode } from '../../src/contract/errorCodes';
import { CallError } from './errors';

export type ImageType = 'image/jpeg' | 'image/png' | 'image/webp';

export interface ImageInfo {
  contentType: ImageType;
  width: number;
  height: number;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Larger than any phone camera; a header claiming more is a crafted file. */
const MAX_PIXELS_PER_SIDE = 20_000;
/** A phone's largest photo (a 200 MP sensor bins to 12–50 MP); more is a crafted or wrong file. */
export const MAX_IMAGE_PIXELS = 40_000_000;
/** What a call's body (2 MB of base64) can carry; the page sends far less (750 px at 0.9). */
export const MAX_IMAGE_BYTES = 1_572_864;
/** How long one decode may take before it is given up (sharp's timeout, whole seconds). */
const DECODE_SECONDS = 3;

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

/**
 * The picture's type and size from its bytes (its header; nothing is decoded), or undefined when the
 * bytes are not a picture we read.
 */
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

/** The bytes are not a picture we read (or do not decode as the header says). */
export class NotAnImage extends Error {}
/** A picture over MAX_IMAGE_BYTES or MAX_IMAGE_PIXELS, refused by its header before any decoding. */
export class ImageTooLarge extends Error {}
/** The decode queue is full: the sender should try again in a moment. */
export class ImagesBusy extends Error {}

export const IMAGE_TOO_LARGE = 'This picture is too large. Please send a photo from your phone’s camera or a screenshot.';
export const IMAGES_BUSY = 'We are receiving many pictures right now. Please try again in a moment.';

/**
 * A picture's refusal in the player's words: too large, the queue full, or the call's own words (and
 * code) for a file that is not a picture it reads. Anything else is thrown as it was.
 */
export function refusePicture(error: unknown, code: string, notAPicture: string): never {
  if (error instanceof ImageTooLarge) throw new CallError(code, IMAGE_TOO_LARGE, 400);
  if (error instanceof ImagesBusy) throw new CallError(GatewayCode.TooManyRequests, IMAGES_BUSY, 429);
  if (error instanceof NotAnImage) throw new CallError(code, notAPicture, 400);
  throw error;
}

/**
 * The picture's type and size, checked before anything decodes it: not a picture (NotAnImage), or over
 * the byte or pixel cap (ImageTooLarge).
 */
export function checkImage(data: Buffer): ImageInfo {
  if (data.length > MAX_IMAGE_BYTES) throw new ImageTooLarge(`${data.length} bytes`);
  const info = inspectImage(data);
  if (!info) throw new NotAnImage('not a picture');
  if (info.width * info.height > MAX_IMAGE_PIXELS) throw new ImageTooLarge(`${info.width}×${info.height}`);
  return info;
}

/**
 * The instance's decode queue: at most `slots` decodes at once, one at a time per sender, the smaller
 * pictures first among those waiting, and at most `waiting` decodes waiting in all and `perSender` of a
 * sender's (then ImagesBusy): a sender's heavy pictures queue behind each other, never in front of
 * everyone else's.
 */
export class DecodeQueue {
  private readonly all: PQueue;
  private readonly bySender = new Map<string, PQueue>();

  constructor(private readonly options: { slots: number; waiting: number; perSender: number }) {
    this.all = new PQueue({ concurrency: options.slots });
  }

  /** Decodes waiting for a slot (a sender's own queue included). */
  get pending(): number {
    let queued = this.all.size;
    for (const own of this.bySender.values()) queued += own.size;
    return queued;
  }

  /** Runs `decode` (of a picture of `pixels`) when its sender's turn and a slot come. */
  async run<T>(sender: string, decode: () => Promise<T>, pixels = 0): Promise<T> {
    let own = this.bySender.get(sender);
    if (this.pending >= this.options.waiting || (own && own.pending + own.size >= this.options.perSender)) {
      throw new ImagesBusy(sender);
    }
    if (!own) {
      own = new PQueue({ concurrency: 1 });
      this.bySender.set(sender, own);
    }
    try {
      return await own.add(() => this.all.add(decode, { priority: -pixels }));
    } finally {
      if (own.pending + own.size === 0) this.bySender.delete(sender);
    }
  }
}

/** One queue per instance: a decode per core at most, a sender's third picture refused while two wait. */
export const decodeQueue = new DecodeQueue({ slots: Math.max(1, availableParallelism()), waiting: 32, perSender: 2 });

/**
 * The picture fitted within `maxSide` pixels on its longest side (JPEG at `quality`, turned upright by its
 * EXIF orientation), or as it came when it is within the size already. Checked by its header first
 * (NotAnImage, ImageTooLarge); decoded through the decode queue under `sender`'s name (ImagesBusy) and
 * within the time budget.
 */
export async function fitImage(data: Buffer, maxSide: number, quality: number, sender: string, queue = decodeQueue): Promise<FittedImage> {
  const info = checkImage(data);
  if (Math.max(info.width, info.height) <= maxSide) return { ...info, data };
  return queue.run(
    sender,
    async () => {
      try {
        const out = await sharp(data, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' })
          .timeout({ seconds: DECODE_SECONDS })
          .rotate()
          // Transparent parts of a screenshot turn white, not black, in the JPEG.
          .flatten({ background: '#ffffff' })
          .resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true })
          .jpeg({ quality: Math.round(quality * 100) })
          .toBuffer({ resolveWithObject: true });
        return { contentType: 'image/jpeg' as const, width: out.info.width, height: out.info.height, data: out.data };
      } catch {
        // A header that reads well over bytes that do not decode, or a decode past its time.
        throw new NotAnImage('not a picture');
      }
    },
    info.width * info.height,
  );
}
