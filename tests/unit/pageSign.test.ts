import { describe, expect, it, vi } from 'vitest';
import { signAsync } from '../../src/api/sign';
import { type SignInput, computeSign, signsEqual } from '../../src/contract/sign';
import { ANONYMOUS_CALLER, signInputOf } from '../../src/contract/request';

/**
 * The page signs its calls with WebCrypto (src/api/sign.ts); the server checks them with contract/sign.ts
 * `computeSign` + `signsEqual` (server/plugins/contract.ts verifySign). Both must give the same Sign for
 * every call, or every call of the page is refused.
 */
const APP_KEY = 'k3y-'.repeat(16);
const inputs: SignInput[] = [
  signInputOf('{"productId":"C66","tenant":"panalo","client":"h5"}', 'qid-1', { token: 't'.repeat(43) }),
  signInputOf('', 'q', { token: '' }),
  // Player text in the body: the Sign covers its UTF-8 bytes.
  signInputOf(JSON.stringify({ nickName: 'Juan ñ 你好 🎉', note: 'x'.repeat(5_000) }), 'qid-2', { token: 'tok' }),
];

describe('the page Sign (WebCrypto)', () => {
  it.each(inputs.map((input, i) => [i, input] as const))('matches the server check, input %i', async (_, input) => {
    const sign = await signAsync(APP_KEY, input);
    expect(sign).toMatch(/^[0-9a-f]{64}$/);
    expect(signsEqual(sign, computeSign(APP_KEY, input))).toBe(true);
  });

  it('a different key or body gives a Sign the server refuses', async () => {
    const [input] = inputs;
    const sign = await signAsync(APP_KEY, input!);
    expect(signsEqual(sign, computeSign(`${APP_KEY}x`, input!))).toBe(false);
    expect(signsEqual(sign, computeSign(APP_KEY, { ...input!, body: `${input!.body} ` }))).toBe(false);
  });

  it('follows a change of app key (the key is kept per app key)', async () => {
    const [input] = inputs;
    await signAsync(APP_KEY, input!);
    expect(await signAsync('other-key', input!)).toBe(computeSign('other-key', input!));
    expect(await signAsync(APP_KEY, input!)).toBe(computeSign(APP_KEY, input!));
  });

  it('without WebCrypto (plain http on a LAN address) signs the same with the pure-JS hash', async () => {
    const input = inputs[2]!;
    expect(await signAsync(APP_KEY, input, null)).toBe(computeSign(APP_KEY, input));
  });

  it('an empty app key, which WebCrypto refuses as an HMAC key, is signed by the pure-JS hash', async () => {
    const subtle = globalThis.crypto.subtle;
    const importKey = vi.spyOn(subtle, 'importKey');
    const input = signInputOf('{}', 'q', ANONYMOUS_CALLER);
    expect(await signAsync('', input, subtle)).toBe(computeSign('', input));
    expect(importKey).not.toHaveBeenCalled();
    importKey.mockRestore();
  });

  it('when WebCrypto fails it still signs, with the pure-JS hash', async () => {
    const failing = { importKey: () => Promise.reject(new Error('NotSupportedError')) } as unknown as typeof globalThis.crypto.subtle;
    const input = inputs[0]!;
    expect(await signAsync('failing-key', input, failing)).toBe(computeSign('failing-key', input));
  });
});
