// @vitest-environment node
import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { KycIdType } from '../../src/contract/kyc';
import { VENDOR_DOCUMENTS, documentOfCode, documentOfType } from '../../server/providers/kyc/documents';
import { decide, faceScoreOf, lastFourDigits, readDocument } from '../../server/providers/kyc/rules';
import { checkPayloadDigest, checkSignature, isFresh, payloadDigest, signatureHeader } from '../../server/providers/kyc/signing';

const pair = () =>
  generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });

describe('ZOLOZ-style signatures', () => {
  const ours = pair();
  const theirs = pair();
  const uri = '/api/v1/zoloz/realid/checkresult';
  const time = '2026-11-23T12:00:00.000Z';
  const body = '{"transactionId":"G123","isReturnImage":"N"}';
  const header = signatureHeader(ours.privateKey, uri, 'client-1', time, body);

  it('verifies a signature over the uri, client, time and exact body', () => {
    expect(header).toMatch(/^algorithm=RSA256, signature=[A-Za-z0-9%]+$/);
    expect(checkSignature(header, ours.publicKey, uri, 'client-1', time, body)).toBe(true);
  });

  it('fails for a tampered body, another uri, client or time, or the wrong key', () => {
    expect(checkSignature(header, ours.publicKey, uri, 'client-1', time, body.replace('N', 'Y'))).toBe(false);
    expect(checkSignature(header, ours.publicKey, '/api/v1/zoloz/realid/initialize', 'client-1', time, body)).toBe(false);
    expect(checkSignature(header, ours.publicKey, uri, 'client-2', time, body)).toBe(false);
    expect(checkSignature(header, ours.publicKey, uri, 'client-1', '2026-11-23T12:00:01.000Z', body)).toBe(false);
    expect(checkSignature(header, theirs.publicKey, uri, 'client-1', time, body)).toBe(false);
    expect(checkSignature(undefined, ours.publicKey, uri, 'client-1', time, body)).toBe(false);
    expect(checkSignature('algorithm=RSA256, signature=garbage!', ours.publicKey, uri, 'client-1', time, body)).toBe(false);
  });

  it('takes a signed time only within 5 minutes', () => {
    const at = Date.parse(time);
    expect(isFresh(time, at + 4 * 60_000)).toBe(true);
    expect(isFresh(time, at + 6 * 60_000)).toBe(false);
    expect(isFresh('yesterday', at)).toBe(false);
    expect(isFresh(undefined, at)).toBe(false);
  });

  it('checks an X-Payload-Digest over the raw body with the shared secret', () => {
    const raw = '{"type":"applicantReviewed","reviewResult":{"reviewAnswer":"GREEN"}}';
    const digest = payloadDigest('secret', raw);
    expect(checkPayloadDigest(digest, 'secret', raw)).toBe(true);
    expect(checkPayloadDigest(digest.toUpperCase(), 'secret', raw)).toBe(true);
    expect(checkPayloadDigest(digest, 'other secret', raw)).toBe(false);
    expect(checkPayloadDigest(digest, 'secret', raw.replace('GREEN', 'RED'))).toBe(false);
    expect(checkPayloadDigest('abc', 'secret', raw)).toBe(false);
    expect(checkPayloadDigest(undefined, 'secret', raw)).toBe(false);
  });
});

describe('document codes', () => {
  it('maps each of the 13 ID types to one vendor code, both ways', () => {
    const types = Object.values(KycIdType);
    expect(VENDOR_DOCUMENTS).toHaveLength(types.length);
    expect(new Set(VENDOR_DOCUMENTS.map((doc) => doc.code)).size).toBe(types.length);
    for (const type of types) expect(documentOfCode(documentOfType(type)!.code)!.idType).toBe(type);
    expect(documentOfType(KycIdType.UMID)!.code).toBe('00630000001');
    expect(documentOfType(KycIdType.DriversLicense)!.code).toBe('00630000004');
    expect(documentOfType(KycIdType.PhilHealth)!.code).toBe('00630000024');
    expect(documentOfType(KycIdType.TIN)!.code).toBe('00630000002');
    expect(documentOfType(KycIdType.Passport)!.code).toBe('00000001003');
    expect(documentOfCode('99999999999')).toBeUndefined();
  });
});

describe('the simulator decides', () => {
  const now = Date.parse('2026-11-23T00:00:00Z');

  it('reads the same fields from the same photo, in the document format, 21 or older, never a magic number', () => {
    for (const document of VENDOR_DOCUMENTS) {
      for (let n = 0; n < 50; n++) {
        const image = Buffer.from(`photo ${document.code} ${n}`);
        const ocr = readDocument(document, image, now);
        expect(readDocument(document, image, now)).toEqual(ocr);
        const pattern = new RegExp(`^${document.idFormat.replace(/#/g, '\\d').replace(/A/g, '[A-Z]')}$`);
        expect(ocr.idNo).toMatch(pattern);
        expect(['0000', '1111', '2222', '9999']).not.toContain(lastFourDigits(ocr.idNo));
        const born = Date.parse(`${ocr.birthday}T00:00:00Z`);
        expect(now - born).toBeGreaterThan(21 * 365.25 * 86_400_000);
        expect(ocr.expiryDate === '').toBe(!document.expires);
      }
    }
  });

  it('scores a face from 80 to 99', () => {
    for (let n = 0; n < 200; n++) {
      const score = faceScoreOf(Buffer.from(`face ${n}`));
      expect(score).toBeGreaterThanOrEqual(80);
      expect(score).toBeLessThanOrEqual(99);
    }
  });

  it('by the last 4 digits of the confirmed ID number, else the default outcome', () => {
    expect(decide('1234-0000', 90, 'review')).toMatchObject({ ekycResult: 'Failure', rejectReason: 'screen_capture' });
    expect(decide('1234-1111', 90, 'pass')).toMatchObject({ ekycResult: 'Failure', rejectReason: 'tampered' });
    const mismatch = decide('1234-2222', 90, 'pass');
    expect(mismatch).toMatchObject({ ekycResult: 'Failure', rejectReason: 'face_mismatch' });
    expect(mismatch.faceScore).toBeLessThan(80);
    expect(decide('P1239999A', 90, 'review').ekycResult).toBe('Success');
    expect(decide('1234-5678', 90, 'review').ekycResult).toBe('Pending');
    expect(decide('1234-5678', 90, 'pass').ekycResult).toBe('Success');
    expect(decide('1234-5678', 70, 'pass')).toMatchObject({ ekycResult: 'Failure', rejectReason: 'face_mismatch' });
    expect(lastFourDigits('12-3')).toBe('');
  });
});
