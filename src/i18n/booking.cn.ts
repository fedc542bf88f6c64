import type { bookingEn } from './booking.en';

/** 投注码（issue 38）的中文，与 booking.en.ts 逐键对应。 */
export const bookingCn: typeof bookingEn = {
  share: '分享注单',
  sharing: '正在生成投注码…',
  shareTitle: '分享此注单',
  shareIntro: '任何人都可以用此投注码载入这些选项，赔率以打开时为准。',
  codeLabel: '投注码',
  copyCode: '复制投注码',
  copyLink: '复制链接',
  shareLink: '分享链接',
  shareText: '我在 Panalo 的注单：投注码 {{code}}',
  qrLabel: '投注码 {{code}} 链接的二维码',
  expires: '有效期至最后一场比赛开始：{{time}}。',
  leftOut: '未包含（已开赛或未开盘）：{{names}}',
  backToSlip: '返回注单',
  loadLabel: '有投注码？',
  loadPlaceholder: '例如 7KQ2M9XD',
  load: '载入',
  loading: '载入中…',
  loaded_one: '投注码 {{code}}：已按当前赔率将 {{count}} 个选项放入注单。',
  loaded_other: '投注码 {{code}}：已按当前赔率将 {{count}} 个选项放入注单。',
  nothingLoaded: '投注码 {{code}}：其中的选项目前都无法投注。',
  droppedTitle: '已移除：',
  reason: { started: '已开赛', suspended: '暂停', settled: '已结算' },
  droppedItem: '{{home}} 对 {{away}}，{{label}}（{{reason}}）',
};
