import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isSuccessCode, makeEnvelope, readEnvelope } from '../../src/contract/envelopes';
import { computeSign, signMessage, signsEqual } from '../../src/contract/sign';
import { isLiveEvent, normalizeMarketStatus } from '../../src/contract/sports';
import { isKycNotSet } from '../../src/contract/kyc';
import { isSwitchOnForH5 } from '../../src/contract/site';

describe('Sign', () => {
  const input = { body: '{"a":1}', qid: 'q-1', appId: 'C66H501', version: '1.0.0', token: 'tok' };

  it('is hex HMAC-SHA256 of body + Qid + AppId + version + token with the app key', () => {
    const expected = createHmac('sha256', 'the-key').update('{"a":1}q-1C66H5011.0.0tok').digest('hex');
    expect(signMessage(input)).toBe('{"a":1}q-1C66H5011.0.0tok');
    expect(computeSign('the-key', input)).toBe(expected);
  });

  it('changes when any part changes', () => {
    const base = computeSign('k', input);
    expect(computeSign('k', { ...input, body: '{"a":2}' })).not.toBe(base);
    expect(computeSign('k', { ...input, token: '' })).not.toBe(base);
    expect(computeSign('other', input)).not.toBe(base);
  });

  it('handles text beyond ASCII as UTF-8', () => {
    const body = '{"name":"Niño ₱"}';
    const expected = createHmac('sha256', 'k').update(`${body}q-1C66H5011.0.0tok`, 'utf8').digest('hex');
    expect(computeSign('k', { ...input, body })).toBe(expected);
  });

  it('compares signatures in full', () => {
    expect(signsEqual('abcd', 'abcd')).toBe(true);
    expect(signsEqual('abcd', 'abce')).toBe(false);
    expect(signsEqual('abcd', 'abc')).toBe(false);
  });
});

describe('envelopes', () => {
  it("success is '0000' or 0", () => {
    expect(isSuccessCode('0000')).toBe(true);
    expect(isSuccessCode(0)).toBe(true);
    expect(isSuccessCode('GW_1')).toBe(false);
    expect(isSuccessCode(1099)).toBe(false);
  });

  it('builds the main envelope for the main prefix and code/msg/data for the others', () => {
    expect(makeEnvelope('main', '0000', 'ok', { x: 1 })).toEqual({ head: { errCode: '0000', errMsg: 'ok' }, body: { x: 1 } });
    expect(makeEnvelope('front', '0000', 'ok', 5)).toEqual({ code: 0, msg: 'ok', data: 5 });
    expect(makeEnvelope('tp', 'GW_800401', 'bad', null)).toEqual({ code: 'GW_800401', msg: 'bad', data: null });
  });

  it('reads both envelopes into one shape and refuses anything else', () => {
    expect(readEnvelope({ head: { errCode: 'GW_1', errMsg: 'm' }, body: 2 })).toEqual({ code: 'GW_1', message: 'm', data: 2 });
    expect(readEnvelope({ code: 1099, msg: 'x', data: null })).toEqual({ code: '1099', message: 'x', data: null });
    expect(readEnvelope('<html>')).toBeUndefined();
    expect(readEnvelope({ message: 'nope' })).toBeUndefined();
    expect(readEnvelope(null)).toBeUndefined();
  });
});

describe('states of spec §4', () => {
  it('maps every market status spelling', () => {
    expect(
      ['running', 'closed', 'closePrice', 'suspend', 'Running', 'Closed', 'ClosedPrice', 'Suspend'].map(normalizeMarketStatus),
    ).toEqual(['Running', 'Closed', 'ClosedPrice', 'Suspend', 'Running', 'Closed', 'ClosedPrice', 'Suspend']);
    expect(normalizeMarketStatus('weird')).toBeUndefined();
  });

  it("an event is live only when running with runningStatus '0'", () => {
    expect(isLiveEvent({ eventStatus: 'running', runningStatus: '0' })).toBe(true);
    expect(isLiveEvent({ eventStatus: 'running', runningStatus: '1' })).toBe(false);
    expect(isLiveEvent({ eventStatus: 'postponed', runningStatus: '0' })).toBe(false);
  });

  it('KYC -1 and 4 both mean not set', () => {
    expect([-1, 0, 1, 2, 3, 4].map(isKycNotSet)).toEqual([true, false, false, false, false, true]);
  });

  it('a product switch is on for H5 only through an H5 entry', () => {
    expect(isSwitchOnForH5([{ productModule: 'H5', productType: 'AP', switch: true }])).toBe(true);
    expect(isSwitchOnForH5([{ productModule: 'H5', productType: 'AP', switch: false }])).toBe(false);
    expect(isSwitchOnForH5([{ productModule: 'APP', productType: 'AP', switch: true }])).toBe(false);
  });
});
