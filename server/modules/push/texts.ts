import type { BetPush } from '../../../src/contract/betting';
import type { AccountNotice, PushKind, PushLang, PushPayload } from '../../../src/contract/pushKinds';
import { formatCentavos } from '../../../src/lib/money';

/**
 * What a notification says, in each of the app's languages, and which page its tap opens: a ticket's
 * /history-detail, a withdrawal's /withdrawInfo, the verification and limits pages. An event that is
 * not worth a notification (a ticket placed, running, rejected on the slip the player is looking at)
 * gives none.
 */
export interface Notification {
  kind: PushKind;
  /** Unique per event: a ticket and its final status, a withdrawal and its outcome… */
  eventKey: string;
  payloads: Record<PushLang, PushPayload>;
}

type Words = { title: string; body: string };

const BET_WORDS: Record<string, (amount: string, transId: string) => Record<PushLang, Words>> = {
  won: (amount, id) => ({
    en: { title: `You won ${amount}!`, body: `Ticket ${id} won: ${amount} is in your wallet.` },
    cn: { title: `您赢了 ${amount}！`, body: `注单 ${id} 已赢，${amount} 已存入您的钱包。` },
  }),
  halfWon: (amount, id) => ({
    en: { title: `Half won: ${amount}`, body: `Ticket ${id} half won: ${amount} is in your wallet.` },
    cn: { title: `赢一半：${amount}`, body: `注单 ${id} 赢一半，${amount} 已存入您的钱包。` },
  }),
  halfLost: (amount, id) => ({
    en: { title: `Half lost: ${amount} back`, body: `Ticket ${id} half lost: ${amount} is back in your wallet.` },
    cn: { title: `输一半：退回 ${amount}`, body: `注单 ${id} 输一半，${amount} 已退回您的钱包。` },
  }),
  lost: (_amount, id) => ({
    en: { title: 'Bet settled: lost', body: `Ticket ${id} lost. Better luck next time.` },
    cn: { title: '注单已结算：输', body: `注单 ${id} 未中。祝您下次好运。` },
  }),
  void: (amount, id) => ({
    en: { title: `Bet void: ${amount} refunded`, body: `Ticket ${id} is void: your stake of ${amount} is back in your wallet.` },
    cn: { title: `注单无效：退回 ${amount}`, body: `注单 ${id} 无效，本金 ${amount} 已退回您的钱包。` },
  }),
  cashout: (amount, id) => ({
    en: { title: `Cash out done: ${amount}`, body: `Ticket ${id} was cashed out: ${amount} is in your wallet.` },
    cn: { title: `兑现完成：${amount}`, body: `注单 ${id} 已兑现，${amount} 已存入您的钱包。` },
  }),
};

function payloads(kind: PushKind, url: string, tag: string, words: Record<PushLang, Words>): Record<PushLang, PushPayload> {
  return {
    en: { kind, url, tag, ...words.en },
    cn: { kind, url, tag, ...words.cn },
  };
}

/** A settled ticket's notification (won, lost, void, half, cashed out); none for the others. */
export function betNotification(push: BetPush): Notification | undefined {
  const words = BET_WORDS[push.status];
  if (!words) return undefined;
  const kind: PushKind = push.status === 'cashout' ? 'cashout' : 'betSettled';
  const url = `/history-detail?transId=${encodeURIComponent(push.transId)}`;
  return {
    kind,
    eventKey: `bet:${push.transId}:${push.status}`,
    payloads: payloads(kind, url, `bet-${push.transId}`, words(formatCentavos(push.payout), push.transId)),
  };
}

/** A partial cash-out (the ticket runs on with the rest of its stake): what was paid, once per cash-out. */
export function partCashoutNotification(push: BetPush, cashout: { value: number; quoteId: string }): Notification {
  const amount = formatCentavos(cashout.value);
  const id = push.transId;
  const url = `/history-detail?transId=${encodeURIComponent(id)}`;
  return {
    kind: 'cashout',
    eventKey: `cashout:${id}:${cashout.quoteId}`,
    payloads: payloads('cashout', url, `bet-${id}`, {
      en: { title: `Part cashed out: ${amount}`, body: `Ticket ${id}: ${amount} is in your wallet; the rest of the stake stays on.` },
      cn: { title: `部分兑现：${amount}`, body: `注单 ${id}：${amount} 已存入您的钱包，其余本金继续有效。` },
    }),
  };
}

const LIMIT_PERIOD: Record<string, { en: string; cn: string }> = {
  depositDay: { en: 'daily', cn: '每日' },
  depositWeek: { en: '7-day', cn: '7天' },
  depositMonth: { en: '30-day', cn: '30天' },
};

export function accountNotification(notice: AccountNotice): Notification {
  switch (notice.kind) {
    case 'withdrawal': {
      const amount = formatCentavos(notice.amount);
      const url = `/withdrawInfo?orderNo=${encodeURIComponent(notice.orderNo)}`;
      const words: Record<PushLang, Words> =
        notice.status === 'paid'
          ? {
              en: { title: `Withdrawal paid: ${amount}`, body: `Your withdrawal ${notice.orderNo} of ${amount} has been paid out.` },
              cn: { title: `提现已到账：${amount}`, body: `您的提现 ${notice.orderNo}（${amount}）已支付。` },
            }
          : {
              en: {
                title: 'Withdrawal not completed',
                body: `Your withdrawal ${notice.orderNo} of ${amount} could not be completed; the money is back in your wallet.`,
              },
              cn: { title: '提现未完成', body: `您的提现 ${notice.orderNo}（${amount}）未能完成，款项已退回您的钱包。` },
            };
      return {
        kind: 'withdrawal',
        eventKey: `withdrawal:${notice.orderNo}:${notice.status}`,
        payloads: payloads('withdrawal', url, `withdrawal-${notice.orderNo}`, words),
      };
    }
    case 'kyc': {
      const words: Record<PushLang, Words> =
        notice.decision === 'approved'
          ? {
              en: { title: 'Verification approved', body: 'Your identity is verified. You can bet, deposit and withdraw without limits.' },
              cn: { title: '身份验证已通过', body: '您的身份已验证，可以不受限制地投注、存款和提现。' },
            }
          : {
              en: { title: 'Verification rejected', body: 'Your identity verification was rejected. Open the app to see why.' },
              cn: { title: '身份验证未通过', body: '您的身份验证未通过，请打开应用查看原因。' },
            };
      return { kind: 'kyc', eventKey: `kyc:${notice.ref}`, payloads: payloads('kyc', '/KycResult', 'kyc', words) };
    }
    case 'depositLimit': {
      const period = LIMIT_PERIOD[notice.limit] ?? { en: '', cn: '' };
      const value = formatCentavos(notice.value);
      const words: Record<PushLang, Words> = {
        en: { title: 'Deposit limit reached', body: `You have reached your ${period.en} deposit limit of ${value}, as you chose.` },
        cn: { title: '已达存款限额', body: `您已达到自己设定的${period.cn}存款限额 ${value}。` },
      };
      return {
        kind: 'depositLimit',
        eventKey: `depositLimit:${notice.limit}:${notice.resetsAt ?? 'rolling'}`,
        payloads: payloads('depositLimit', '/responsibleGaming', 'deposit-limit', words),
      };
    }
  }
}
