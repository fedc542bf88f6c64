/**
 * The words a form field is refused with, on both sides (src/contract/forms.ts names them by key; the
 * client shows them through i18n as `validation.<key>`). Without zod, so the areas' strings that carry
 * them (src/i18n/en.areas.ts) load no schema library with them (issue 14).
 */
export const VALIDATION_MESSAGES = {
  phone: 'Enter a Philippine mobile number, like 0917 123 4567.',
  code: 'Enter the 6-digit code we sent you.',
  password: 'Use 8 to 20 characters with at least one letter and one number, no spaces.',
  birthday: 'Enter your date of birth.',
  nickName: 'Use 2 to 16 letters, numbers, spaces, dots, dashes or underscores.',
  gender: 'Choose male or female.',
  email: 'Enter a valid email address.',
  required: 'This field is required.',
  captcha: 'Please complete the security check.',
  agree: 'Please confirm you are 21 or older and accept the terms.',
  text: 'This field is too long.',
  postalCode: 'Enter a 4-digit postal code.',
  depositLimit: 'Enter a daily deposit limit from ₱100 to ₱10,000,000, or leave it empty.',
  /** A control character (NUL and the like) in any text of any call: refused before it reaches the database. */
  control: 'This contains an invisible character that cannot be used. Please remove it and try again.',
  /** Any other refusal of a field: the details are for the log, not for the player. */
  invalid: 'Some of the details sent are not valid. Please check them and try again.',
} as const;
export type ValidationKey = keyof typeof VALIDATION_MESSAGES;
