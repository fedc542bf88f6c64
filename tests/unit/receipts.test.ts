// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { fitImage, inspectImage } from '../../server/lib/images';
import { codeHash, maskCode, newVoucherCode, normalizeCode } from '../../server/modules/vouchers/service';
import { checkAgentSignature, signAgentCallback } from '../../server/providers/agents/cashIn';
import { ICON_PNG, SMALL_JPEG, makePng } from '../integration/images';

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
    await expect(fitImage(ICON_PNG, 750, 0.9)).resolves.toMatchObject({ contentType: 'image/png', width: 192, data: ICON_PNG });
    await expect(fitImage(Buffer.from('text'), 750, 0.9)).rejects.toThrow('not a picture');
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
