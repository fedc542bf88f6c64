import { describe, expect, it } from 'vitest';
import { addressSchema, nickNameSchema, registerSchema } from '../../src/contract/forms';
import { isCalendarDate, isOfAge, maskPhone, normalizePhone } from '../../src/contract/people';

describe('Philippine mobile numbers', () => {
  it.each(['0917 123 4567', '9171234567', '+63 917-123-4567', '639171234567', '(0917) 123 4567'])('reads %s', (input) => {
    expect(normalizePhone(input)).toBe('+639171234567');
  });
  it.each(['0817 123 4567', '917123456', '+1 917 123 4567', 'abc'])('refuses %s', (input) => {
    expect(normalizePhone(input)).toBeUndefined();
  });
  it('masks a number for display', () => {
    expect(maskPhone('+639171234567')).toBe('+63 917 *** 4567');
  });
});

describe('dates of birth', () => {
  it('accepts real calendar dates only', () => {
    expect(isCalendarDate('2000-02-29')).toBe(true);
    expect(isCalendarDate('2001-02-29')).toBe(false);
    expect(isCalendarDate('2000-13-01')).toBe(false);
    expect(isCalendarDate('01/02/2000')).toBe(false);
  });
  it('is 21 or older on the 21st birthday, not the day before', () => {
    const now = new Date('2026-11-20T04:00:00Z');
    expect(isOfAge('2005-11-20', now)).toBe(true);
    expect(isOfAge('2005-11-21', now)).toBe(false);
  });
});

describe('shared form schemas', () => {
  const valid = { phone: '0917 123 4567', code: '123456', password: 'Secret123', birthday: '1990-01-01', agree: true as const };
  it('accept a complete registration', () => {
    expect(registerSchema.safeParse(valid).success).toBe(true);
  });
  it.each([
    ['password', { password: 'short1' }],
    ['password', { password: 'nodigitshere' }],
    ['code', { code: '12345' }],
    ['phone', { phone: '12345' }],
    ['birthday', { birthday: '1990-02-30' }],
    ['agree', { agree: false }],
  ])('name the %s problem with its message key', (key, change) => {
    const result = registerSchema.safeParse({ ...valid, ...change });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(key);
  });
  it('trims a nickname and refuses markup', () => {
    expect(nickNameSchema.parse('  Juan  ')).toBe('Juan');
    expect(nickNameSchema.safeParse('<b>hi</b>').success).toBe(false);
  });
  it('wants a 4-digit postal code', () => {
    const address = { recipient: 'Ana', phone: '09171234567', province: 'Cebu', city: 'Cebu City', postalCode: '6000', line: '1 Main St' };
    expect(addressSchema.safeParse(address).success).toBe(true);
    expect(addressSchema.safeParse({ ...address, postalCode: '600' }).error?.issues[0]?.message).toBe('postalCode');
  });
});
