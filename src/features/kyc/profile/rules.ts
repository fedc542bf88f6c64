import { isCalendarDate, isOfAge } from '../../../contract/people';
import { manilaDay } from '../../../lib/dates';
import {
  type KycIdType,
  KycIdType as ID_TYPES,
  PERSONAL_INFO_REQUIRED,
  type PersonalInfo,
  personalInfoSchema,
} from '../../../contract/kyc';

/**
 * The personal-information form's rules (spec §3, §5): what the player types (all text, as the inputs
 * hold it), which fields are still missing, and the body of customer/improveUserProfile. The rules
 * themselves are the contract's (personalInfoSchema, PERSONAL_INFO_REQUIRED), so the server refuses
 * exactly what the form does.
 */
export interface PersonalInfoValues {
  faceId: string;
  firstName: string;
  middleName: string;
  lastName: string;
  email: string;
  gender: string;
  birthday: string;
  province: string;
  city: string;
  postalCode: string;
  address: string;
  occupation: string;
  sourceOfIncome: string;
  firstIdType: string;
  /** Sent as firstNoType (spec §3). */
  firstIdNo: string;
  firstIdScan: string;
  secondIdType: string;
  secondIdNo: string;
  secondIdScan: string;
}
export type PersonalInfoField = keyof PersonalInfoValues;

export const EMPTY_PERSONAL_INFO: PersonalInfoValues = {
  faceId: '',
  firstName: '',
  middleName: '',
  lastName: '',
  email: '',
  gender: '',
  birthday: '',
  province: '',
  city: '',
  postalCode: '',
  address: '',
  occupation: '',
  sourceOfIncome: '',
  firstIdType: '',
  firstIdNo: '',
  firstIdScan: '',
  secondIdType: '',
  secondIdNo: '',
  secondIdScan: '',
};

/** The form's name of a contract field: the first ID number is firstIdNo here, firstNoType on the wire. */
const FIELD_OF: Partial<Record<keyof PersonalInfo, PersonalInfoField>> = { firstNoType: 'firstIdNo' };
const fieldOf = (key: keyof PersonalInfo): PersonalInfoField => FIELD_OF[key] ?? (key as PersonalInfoField);

export const REQUIRED_FIELDS: readonly PersonalInfoField[] = PERSONAL_INFO_REQUIRED.map(fieldOf);
const SECOND_ID: readonly PersonalInfoField[] = ['secondIdType', 'secondIdNo', 'secondIdScan'];

/** The second ID is optional, but once begun its type, number and photo all count. */
export function requiredFields(values: PersonalInfoValues): readonly PersonalInfoField[] {
  const secondBegun = SECOND_ID.some((field) => values[field].trim() !== '');
  return secondBegun ? [...REQUIRED_FIELDS, ...SECOND_ID] : REQUIRED_FIELDS;
}

/** The required fields still empty, in the form's order (spec §5: "the missing count is checked"). */
export function missingFields(values: PersonalInfoValues): readonly PersonalInfoField[] {
  return requiredFields(values).filter((field) => values[field].trim() === '');
}

const ID_TYPE_VALUES: readonly number[] = Object.values(ID_TYPES);
const idType = (text: string): KycIdType | undefined => {
  const value = Number(text);
  return text !== '' && ID_TYPE_VALUES.includes(value) ? (value as KycIdType) : undefined;
};
const optional = (text: string) => (text.trim() === '' ? undefined : text.trim());

/** The body of customer/improveUserProfile: optional fields left empty are not sent. */
export function toPersonalInfo(values: PersonalInfoValues): Record<string, unknown> {
  const body: Record<string, unknown> = {
    faceId: values.faceId,
    firstName: values.firstName.trim(),
    middleName: optional(values.middleName),
    lastName: optional(values.lastName),
    email: values.email.trim(),
    gender: values.gender,
    birthday: values.birthday,
    province: optional(values.province),
    city: values.city,
    postalCode: values.postalCode.trim(),
    address: optional(values.address),
    occupation: values.occupation,
    sourceOfIncome: values.sourceOfIncome,
    firstIdType: idType(values.firstIdType) ?? values.firstIdType,
    firstNoType: values.firstIdNo.trim(),
    firstIdScan: values.firstIdScan,
    secondIdType: idType(values.secondIdType),
    secondIdNo: optional(values.secondIdNo),
    secondIdScan: optional(values.secondIdScan),
  };
  return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined));
}

/** A problem with one field: a key of the shared validation messages, or 'under21' (kycProfile.*). */
export type Problems = Partial<Record<PersonalInfoField, string>>;

/**
 * Every problem of the form at once, by field. A missing field says 'required'; a birthday that is a date
 * but under 21 says so in its own words; the rest comes from the contract's schema.
 */
export function checkPersonalInfo(values: PersonalInfoValues, now: Date = new Date()): { problems: Problems; body?: PersonalInfo } {
  const problems: Problems = {};
  const parsed = personalInfoSchema.safeParse(toPersonalInfo(values));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = fieldOf(issue.path[0] as keyof PersonalInfo);
      problems[field] ??= issue.message === 'Invalid input' ? 'invalid' : issue.message;
    }
  }
  if (isCalendarDate(values.birthday) && !isOfAge(values.birthday, now)) problems.birthday = 'under21';
  for (const field of missingFields(values)) problems[field] = 'required';
  if (Object.keys(problems).length > 0) return { problems };
  return { problems, body: parsed.data };
}

/** The latest birthday a 21-year-old can have today (the date input's max). */
export function latestAdultBirthday(now: Date = new Date()): string {
  const [today, month, day] = manilaDay(now).split('-');
  const year = Number(today) - 21;
  // 29 February in a year without one: the 28th is the last safe day.
  return isCalendarDate(`${year}-${month}-${day}`) ? `${year}-${month}-${day}` : `${year}-${month}-28`;
}
