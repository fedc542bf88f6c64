import type { experimentsEn } from './experiments.en';

/** /feature 实验各版本的中文（与 experiments.en.ts 逐键对应）。 */
export const experimentsCn: typeof experimentsEn = {
  A: { title: '每场比赛的实时赔率', body: '在 PBA、足球等比赛进行时投注，赔率随比赛变化。', cta: '加入 Panalo' },
  B: { title: '老虎机、桌游和真人娱乐场', body: '数百款游戏尽在一个大厅，收藏的游戏一键可达。', cta: '创建账户' },
  C: { title: '体育和娱乐场共用一个钱包', body: '用 GCash 或 Maya 充值一次，即可在 Panalo 任意畅玩。', cta: '立即开始' },
  unavailable: '此页面暂时无法使用',
  tryAgain: '请检查网络连接后重试。',
};
