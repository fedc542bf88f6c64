// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { isEnvelope } from '../../src/contract/partners';
import { HostBridgeError, allowedHostOrigins, callHost, hostOrigin } from '../../src/lib/hostBridge';

/**
 * postMessage safety (issue 36): the one envelope's shape is checked before any field is read; only
 * exact https origins join the allowlist (never '*'); a page nobody frames has no host to talk to.
 */
describe('the host bridge', () => {
  it('takes only the versioned envelope', () => {
    expect(isEnvelope({ v: 1, type: 'tradePay.result', id: 'a-1', payload: { resultCode: '9000' } })).toBe(true);
    for (const bad of [
      null,
      'text',
      { v: 2, type: 'tradePay.result', id: 'a', payload: {} },
      { v: 1, type: 'tradePay.result', id: 'a', payload: [] },
      { v: 1, type: 'tradePay.result', id: 'a b', payload: {} },
      { v: 1, type: '<script>', id: 'a', payload: {} },
      { v: 1, type: 'tradePay.result', id: 'a' },
    ])
      expect(isEnvelope(bad)).toBe(false);
  });

  it('allowlists this site and exact https origins only', () => {
    expect(
      allowedHostOrigins('https://m.gcash.com, *, http://evil.example, https://a.example/path,https://mini.lazada.com.ph:8443'),
    ).toEqual([location.origin, 'https://m.gcash.com', 'https://mini.lazada.com.ph:8443']);
  });

  it('has no host when nobody frames the page, and says so instead of posting to anyone', async () => {
    expect(hostOrigin()).toBeUndefined();
    await expect(callHost('getAuthCode', { scopes: ['auth_base'] })).rejects.toBeInstanceOf(HostBridgeError);
  });
});
