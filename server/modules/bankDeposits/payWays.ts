import type { PayTypeEntry } from '../payments';
import type { ManualDepositSettings } from '../../config';

/**
 * The bank-transfer and agent pay types of deposit/queryPayWays: one channel per house bank account,
 * and one for cash at an agent or store. Presets are the operator's (the payments config), within each
 * pay type's limits.
 */
const within = (presets: readonly number[], min: number, max: number) => presets.filter((a) => a >= min && a <= max).slice(0, 6);

export function bankPayType(
  settings: ManualDepositSettings,
  available: boolean,
  presets: { amountList: readonly number[]; firstAmountList: readonly number[] },
): PayTypeEntry[] {
  if (settings.banks.length === 0) return [];
  const min = Math.min(...settings.banks.map((b) => b.minAmount));
  const max = Math.max(...settings.banks.map((b) => b.maxAmount));
  return [
    {
      payType: 'bank',
      name: 'Bank transfer',
      logo: '/payments/bank.svg',
      channels: settings.banks.map((bank) => ({
        channelId: `bank-${bank.bankInfoId}`,
        name: bank.bankName,
        provider: 'bank',
        logo: '/payments/bank.svg',
        minAmount: bank.minAmount,
        maxAmount: bank.maxAmount,
        feeText: 'Your bank’s transfer fee may apply. Credited after we check your receipt.',
        available,
      })),
      minAmount: min,
      maxAmount: max,
      amountList: within(presets.amountList, min, max),
      firstAmountList: within(presets.firstAmountList, min, max),
    },
  ];
}

export function agentPayType(
  settings: ManualDepositSettings,
  presets: { amountList: readonly number[]; firstAmountList: readonly number[] },
): PayTypeEntry[] {
  const { agentMinAmount: min, agentMaxAmount: max } = settings;
  return [
    {
      payType: 'agent',
      name: 'Cash at a store',
      logo: '/payments/agent.svg',
      channels: [
        {
          channelId: 'agent',
          name: 'Cash at a partner store',
          provider: 'agent',
          logo: '/payments/agent.svg',
          minAmount: min,
          maxAmount: max,
          feeText: 'No fee. Pay within 24 hours with your payment code.',
          available: true,
        },
      ],
      minAmount: min,
      maxAmount: max,
      amountList: within(presets.amountList, min, max),
      firstAmountList: within(presets.firstAmountList, min, max),
    },
  ];
}
