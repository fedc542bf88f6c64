// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { DecodeQueue, ImageTooLarge, ImagesBusy, MAX_IMAGE_BYTES, checkImage, fitImage, inspectImage } from '../../server/lib/images';
import { codeHash, maskCode, newVoucherCode, normalizeCode } from '../../server/modules/vouchers/service';
import { checkAgentSignature, signAgentCallback } from '../../server/providers/agents/cashIn';
import { ICON_PNG, SMALL_JPEG, makePng, pixelBomb } from '../integration/images';

describe('pictures read by their bytes', () => {
  it('reads the type and size of a PNG, a JPEG and a WebP from their headers', () => {
    expect(inspectImage(ICON_PNG)).toEqual({ contentType: 'image/png', width: 192, height: 192 });
    expect(inspectImage(SMALL_JPEG)).toEqual({ contentType: 'image/jpeg', width: 16, height: 16 });
    expect(inspectImage(makePng(1500, 1000))).toEqual({ contentType: 'image/png', width: 1500, height: 1000 });
    // A lossless WebP header (VP8L): 400 × 300.
    const bits = (400 - 1) | ((300 - 1) << 14);
    const webp = Buffer.alloc(30);
    webp.write('RIFF', 0, 'latin1');
    webp.write('WEBPVP8L', 8, 'latin1');
    webp[20] = 0x2f;
    webp.writeUInt32LE(bits >>> 0, 21);
    expect(inspectImage(webp)).toEqual({ contentType: 'image/webp', width: 400, height: 300 });
  });

  it('is not fooled by a name, a cut file or a header claiming absurd sizes', () => {
    expect(inspectImage(Buffer.from('just text, saved as receipt.jpg'))).toBeUndefined();
    expect(inspectImage(SMALL_JPEG.subarray(0, 20))).toBeUndefined();
    expect(inspectImage(ICON_PNG.subarray(0, 16))).toBeUndefined();
    const huge = Buffer.from(ICON_PNG);
    huge.writeUInt32BE(1_000_000, 16);
    expect(inspectImage(huge)).toBeUndefined();
    expect(inspectImage(Buffer.alloc(0))).toBeUndefined();
  });

  it('keeps a picture within 750 px as it came', async () => {
    await expect(fitImage(ICON_PNG, 750, 0.9, 'a')).resolves.toMatchObject({ contentType: 'image/png', width: 192, data: ICON_PNG });
    await expect(fitImage(Buffer.from('text'), 750, 0.9, 'a')).rejects.toThrow('not a picture');
  });

  it('refuses a pixel bomb and an oversized file by their headers, before decoding anything', async () => {
    const bomb = pixelBomb();
    expect(bomb.length).toBeLessThan(64 * 1024);
    expect(inspectImage(bomb)).toEqual({ contentType: 'image/png', width: 20_000, height: 20_000 });
    expect(() => checkImage(bomb)).toThrow(ImageTooLarge);
    // 6400×6400 is 41 megapixels: over the cap of 40; 6000×6000 (36) is within it.
    expect(() => checkImage(pixelBomb(6_400))).toThrow(ImageTooLarge);
    expect(checkImage(pixelBomb(6_000))).toMatchObject({ width: 6_000, height: 6_000 });
    expect(() => checkImage(Buffer.concat([ICON_PNG, Buffer.alloc(MAX_IMAGE_BYTES)]))).toThrow(ImageTooLarge);
    const queue = new DecodeQueue({ slots: 1, waiting: 4, perSender: 2 });
    let decoded = 0;
    await expect(fitImage(bomb, 750, 0.9, 'attacker', queue)).rejects.toThrow(ImageTooLarge);
    await queue.run('x', async () => decoded++);
    expect(decoded).toBe(1);
    expect(queue.pending).toBe(0);
  });

  it('fits a large photo to 750 px through the decode queue', async () => {
    const fitted = await fitImage(makePng(1600, 1200), 750, 0.9, 'player:1');
    expect(fitted).toMatchObject({ contentType: 'image/jpeg', width: 750, height: 563 });
  });
});

describe('the decode queue', () => {
  /** A decode that ends when the test says so. */
  function held() {
    let release!: () => void;
    const done = new Promise<void>((resolve) => (release = resolve));
    return { release, decode: () => done };
  }

  it('lets one sender queue at most its share, and never holds another sender behind it', async () => {
    const queue = new DecodeQueue({ slots: 2, waiting: 8, perSender: 2 });
    const bombs = [held(), held(), held()];
    const first = queue.run('attacker', bombs[0]!.decode);
    const second = queue.run('attacker', bombs[1]!.decode);
    // A third from the same sender while two are its own: refused at once, nothing queued.
    await expect(queue.run('attacker', bombs[2]!.decode)).rejects.toThrow(ImagesBusy);
    // The attacker holds one slot (one at a time per sender): another player's photo takes the other at once.
    let ordinary = false;
    await queue.run('player', async () => {
      ordinary = true;
    });
    expect(ordinary).toBe(true);
    bombs[0]!.release();
    bombs[1]!.release();
    await Promise.all([first, second]);
    expect(queue.pending).toBe(0);
  });

  it('decodes the smaller of the waiting pictures first', async () => {
    const queue = new DecodeQueue({ slots: 1, waiting: 8, perSender: 2 });
    const busy = held();
    const order: string[] = [];
    const running = [
      queue.run('a', busy.decode, 1_000_000),
      queue.run('b', async () => order.push('36 MP'), 36_000_000),
      queue.run('c', async () => order.push('2 MP'), 2_000_000),
    ];
    await new Promise((resolve) => setImmediate(resolve));
    busy.release();
    await Promise.all(running);
    expect(order).toEqual(['2 MP', '36 MP']);
  });

  it('refuses new work when the whole queue is waiting, and takes it again once it drains', async () => {
    const queue = new DecodeQueue({ slots: 1, waiting: 2, perSender: 2 });
    const jobs = [held(), held(), held()];
    const running = jobs.map((job, i) => queue.run(`sender${i}`, job.decode));
    await new Promise((resolve) => setImmediate(resolve)); // (requests arrive in turns of the event loop)
    expect(queue.pending).toBe(2);
    await expect(queue.run('late', async () => 1)).rejects.toThrow(ImagesBusy);
    for (const job of jobs) job.release();
    await Promise.all(running);
    await expect(queue.run('late', async () => 1)).resolves.toBe(1);
  });
});

describe('voucher codes', () => {
  it('are 12 characters without look-alikes, matched in any case and with or without dashes', () => {
    const code = newVoucherCode();
    expect(code).toMatch(/^[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/);
    expect(codeHash(code)).toBe(codeHash(` ${code.toLowerCase().replaceAll('-', '')} `));
    expect(normalizeCode('ab12-cd34 ef56')).toBe('AB12CD34EF56');
    expect(maskCode('EF56')).toBe('•••• EF56');
  });
});

describe('agent callback signatures', () => {
  const body = '{"event":"payment.paid","amount":100}';
  it('accept the signed body and refuse any other body, secret or an old timestamp', () => {
    const now = Date.now();
    const header = signAgentCallback(body, 'secret', now);
    expect(checkAgentSignature(header, body, 'secret', now)).toBe('ok');
    expect(checkAgentSignature(header, body.replace('100', '1000'), 'secret', now)).toBe('bad-signature');
    expect(checkAgentSignature(header, body, 'other', now)).toBe('bad-signature');
    expect(checkAgentSignature(header, body, 'secret', now + 10 * 60_000)).toBe('stale');
    expect(checkAgentSignature(undefined, body, 'secret', now)).toBe('no-signature');
    expect(checkAgentSignature('t=1,v1=zz', body, 'secret', now)).toBe('no-signature');
  });
});
