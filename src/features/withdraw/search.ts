import { searchObject, searchOneOf, searchWhere } from '../../lib/search';

const digits = (value: string) => /^\d{1,12}$/.test(value);

/** /withdraw and /wallet/withdraw ?way=…&accountId=…: the way out and the account chosen on /withdraw/gcashAccount or /withdraw/bankcard. */
export const withdrawSearch = searchObject({
  way: searchOneOf(['gcash', 'maya', 'bank']),
  /** The partner apps' name for the way (queryMayaWithdrawalUrl answers /wallet/withdraw?payType=maya). */
  payType: searchOneOf(['gcash', 'maya', 'bank']),
  accountId: searchWhere(digits),
});

/** /submitted and /withdrawInfo ?orderNo=…: the withdrawal to show. */
export const orderSearch = searchObject({ orderNo: searchWhere((value) => /^[\w-]{1,64}$/.test(value)) });

/** /split-withdraw ?amount=… (centavos) &accountId=…&way=…: the amount to split and where it goes. */
export const splitSearch = searchObject({
  amount: searchWhere(digits),
  accountId: searchWhere(digits),
  way: searchOneOf(['gcash', 'maya', 'bank']),
});

/** /modifyWithdrawPwd and /forgetWithdrawPwd ?label=…: the page to go back to afterwards (as /setWithdrawPwd/:label). */
export const passwordSearch = searchObject({ label: searchWhere((value) => /^\w{1,20}$/.test(value)) });
