import { describe, expect, it } from 'vitest';
import { KycIdType } from '../../src/contract/kyc';
import {
  EMPTY_PERSONAL_INFO,
  type PersonalInfoValues,
  REQUIRED_FIELDS,
  checkPersonalInfo,
  latestAdultBirthday,
  missingFields,
} from '../../src/features/kyc/profile/rules';

const NOW = new Date('2026-11-23T04:00:00Z');
const KEY = 'k'.repeat(24);
const complete: PersonalInfoValues = {
  ...EMPTY_PERSONAL_INFO,
  faceId: KEY,
  firstName: 'Maria',
  email: 'maria@example.ph',
  gender: 'F',
  birthday: '1990-05-17',
  city: '1380300000',
  postalCode: '1226',
  occupation: 'Healthcare',
  sourceOfIncome: 'Salary/Wages',
  firstIdType: String(KycIdType.DriversLicense),
  firstIdNo: 'N01-23-456789',
  firstIdScan: KEY,
};

describe('the personal-information form (spec §3, §5)', () => {
  it('requires the twelve fields of the contract, and counts the missing ones', () => {
    expect(REQUIRED_FIELDS).toHaveLength(12);
    expect(missingFields(EMPTY_PERSONAL_INFO)).toHaveLength(12);
    expect(missingFields({ ...complete, email: '', city: '  ' })).toEqual(['email', 'city']);
    expect(missingFields(complete)).toEqual([]);
  });
  it('leaves middle name, surname, province, address and the second ID optional', () => {
    const { problems, body } = checkPersonalInfo(complete, NOW);
    expect(problems).toEqual({});
    expect(body).toMatchObject({ firstName: 'Maria', firstNoType: 'N01-23-456789', firstIdType: 4 });
    for (const optional of ['middleName', 'lastName', 'province', 'address', 'secondIdType', 'secondIdNo', 'secondIdScan']) {
      expect(body).not.toHaveProperty(optional);
    }
  });
  it('sends the first ID number as firstNoType and the optional fields when given', () => {
    const { body } = checkPersonalInfo({ ...complete, lastName: 'Santos', province: '1300000000', address: '12 Rizal St.' }, NOW);
    expect(body).toMatchObject({ lastName: 'Santos', province: '1300000000', address: '12 Rizal St.', firstNoType: 'N01-23-456789' });
  });
  it('says which required field is missing, in the shared words', () => {
    const { problems, body } = checkPersonalInfo({ ...complete, firstName: '', occupation: '' }, NOW);
    expect(body).toBeUndefined();
    expect(problems).toMatchObject({ firstName: 'required', occupation: 'required' });
  });
  it('refuses a birthday under 21, and accepts one who turned 21 today (Manila)', () => {
    expect(checkPersonalInfo({ ...complete, birthday: '2005-11-24' }, NOW).problems).toEqual({ birthday: 'under21' });
    expect(checkPersonalInfo({ ...complete, birthday: '2005-11-23' }, NOW).problems).toEqual({});
    expect(latestAdultBirthday(NOW)).toBe('2005-11-23');
    // Manila's day, not UTC's: 16:00 UTC is already the next day there.
    expect(latestAdultBirthday(new Date('2026-11-23T15:59:59Z'))).toBe('2005-11-23');
    expect(latestAdultBirthday(new Date('2026-11-23T16:00:00Z'))).toBe('2005-11-24');
    // 29 February 21 years back falls in a year without one: the 28th.
    expect(latestAdultBirthday(new Date('2028-02-29T04:00:00Z'))).toBe('2007-02-28');
  });
  it('refuses a date that does not exist, a bad e-mail and a postal code that is not 4 digits', () => {
    const { problems } = checkPersonalInfo({ ...complete, birthday: '1990-02-30', email: 'maria@', postalCode: '12' }, NOW);
    expect(problems).toEqual({ birthday: 'birthday', email: 'email', postalCode: 'postalCode' });
  });
  it('once a second ID is begun, asks for its type, number and photo', () => {
    const begun = { ...complete, secondIdNo: '1234-5678' };
    expect(missingFields(begun)).toEqual(['secondIdType', 'secondIdScan']);
    const done = { ...begun, secondIdType: String(KycIdType.PhilHealth), secondIdScan: KEY };
    expect(checkPersonalInfo(done, NOW).body).toMatchObject({ secondIdType: 17, secondIdNo: '1234-5678', secondIdScan: KEY });
  });
  it('refuses an occupation or source of income not of spec §3', () => {
    expect(checkPersonalInfo({ ...complete, occupation: 'Astronaut' }, NOW).problems).toEqual({ occupation: 'required' });
  });
});
