import { createHash } from 'node:crypto';
import { KycRejectReason } from '../../../src/contract/kyc';
import type { OcrFields } from './types';
import type { VendorDocument } from './documents';

/**
 * How the simulator decides (documented on /sim/kyc and in the README). Nothing is random: the same
 * photo always reads the same, so a test or a tester can repeat any case.
 * - OCR: fields derived from the document image's SHA-256 (a Filipino name, a birthday 21+ years back,
 *   an ID number in the document type's format).
 * - Face: a score from the face image's SHA-256, 80–99 (passes at 80).
 * - Magic ID numbers (the last 4 digits of the number the player confirmed): 0000 → Failure screen
 *   capture, 1111 → Failure tampered, 2222 → Failure face mismatch, 9999 → Success at once; any other
 *   number → the simulator's default outcome (review queue, or pass).
 */

export const FACE_PASS_SCORE = 80;

export const MAGIC_SUFFIXES = {
  '0000': 'Failure: screen capture',
  '1111': 'Failure: document tampered',
  '2222': 'Failure: face mismatch',
  '9999': 'Success at once',
} as const;

const FIRST_NAMES = [
  'Juan',
  'Maria',
  'Jose',
  'Ana',
  'Mark',
  'Angelica',
  'John Paul',
  'Kristine',
  'Rodel',
  'Jocelyn',
  'Christian',
  'Mary Grace',
  'Ramon',
  'Rowena',
  'Jerome',
  'Lovely',
  'Emmanuel',
  'Rhea',
  'Danilo',
  'Maricel',
];
const SURNAMES = [
  'Santos',
  'Reyes',
  'Cruz',
  'Bautista',
  'Ocampo',
  'Garcia',
  'Mendoza',
  'Torres',
  'Tomas',
  'Andrada',
  'Castillo',
  'Flores',
  'Villanueva',
  'Ramos',
  'Castro',
  'Rivera',
  'Aquino',
  'Navarro',
  'Salazar',
  'Dela Cruz',
];

function sha256(image: Buffer): Buffer {
  return createHash('sha256').update(image).digest();
}

const pick = <T>(list: readonly T[], n: number): T => list[n % list.length]!;

/** The last 4 digits of an ID number (letters and dashes ignored), '' when it has fewer. */
export function lastFourDigits(idNo: string): string {
  const digits = idNo.replace(/\D/g, '');
  return digits.length >= 4 ? digits.slice(-4) : '';
}

function isMagic(idNo: string): boolean {
  return lastFourDigits(idNo) in MAGIC_SUFFIXES;
}

/** An ID number in the document's format, from the hash's bytes; never one ending in a magic suffix. */
function idNumber(format: string, hash: Buffer): string {
  let at = 0;
  const next = () => hash[8 + (at++ % 24)]!;
  const made = [...format].map((c) => (c === '#' ? String(next() % 10) : c === 'A' ? String.fromCharCode(65 + (next() % 26)) : c)).join('');
  if (!isMagic(made)) return made;
  // A made-up number must not trigger a magic outcome by chance: change its last digit.
  const last = made.search(/\d(?=\D*$)/);
  return made.slice(0, last) + String((Number(made[last]) + 1) % 10) + made.slice(last + 1);
}

const iso = (year: number, month: number, day: number) => `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

/** What the vendor reads from a document photo. */
export function readDocument(document: VendorDocument, image: Buffer, now: number): OcrFields {
  const hash = sha256(image);
  const year = new Date(now).getUTCFullYear();
  return {
    firstName: pick(FIRST_NAMES, hash.readUInt16BE(0)),
    middleName: pick(SURNAMES, hash.readUInt16BE(2)),
    lastName: pick(SURNAMES, hash.readUInt16BE(4) + 7),
    // 22 to 61 years before this year: 21 or older whatever the day.
    birthday: iso(year - 22 - (hash[6]! % 40), 1 + (hash[7]! % 12), 1 + (hash[8]! % 28)),
    idNo: idNumber(document.idFormat, hash),
    expiryDate: document.expires ? iso(year + 1 + (hash[9]! % 5), 1 + (hash[10]! % 12), 1 + (hash[11]! % 28)) : '',
  };
}

/** The face's liveness / match score, 80–99 from the photo's hash. */
export function faceScoreOf(image: Buffer): number {
  return FACE_PASS_SCORE + (sha256(image).readUInt16BE(0) % 20);
}

export type DefaultOutcome = 'review' | 'pass';

export interface Decision {
  ekycResult: 'Success' | 'Failure' | 'Pending';
  rejectReason?: KycRejectReason;
  flags: string[];
  faceScore: number;
}

/** The decision at checkresult, from the confirmed ID number, the face score and the default outcome. */
export function decide(idNo: string, faceScore: number, outcome: DefaultOutcome): Decision {
  switch (lastFourDigits(idNo)) {
    case '0000':
      return { ekycResult: 'Failure', rejectReason: KycRejectReason.ScreenCapture, flags: ['SCREEN_CAPTURE'], faceScore };
    case '1111':
      return { ekycResult: 'Failure', rejectReason: KycRejectReason.Tampered, flags: ['DOCUMENT_TAMPERED'], faceScore };
    case '2222':
      // The face did not match the document's photo: the score says so.
      return { ekycResult: 'Failure', rejectReason: KycRejectReason.FaceMismatch, flags: ['FACE_MISMATCH'], faceScore: faceScore - 40 };
    case '9999':
      return { ekycResult: 'Success', flags: [], faceScore };
  }
  if (faceScore < FACE_PASS_SCORE)
    return { ekycResult: 'Failure', rejectReason: KycRejectReason.FaceMismatch, flags: ['FACE_MISMATCH'], faceScore };
  return { ekycResult: outcome === 'pass' ? 'Success' : 'Pending', flags: [], faceScore };
}
