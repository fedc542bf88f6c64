import type { sportpromoEn } from './sportpromo.en';

/** 体育活动页与标签优惠页的中文（与 sportpromo.en.ts 键一一对应）。 */
export const sportpromoCn: typeof sportpromoEn = {
  missions: '任务',
  fixturesLabel: '时间',
  watchProgressLabel: '{{label}}：已看完 {{done}} / {{count}} 个集锦',
  watchInProgress: '进行中：集锦在此播放到结尾后计入。',
  nbaPlayoff: {
    intro: '先加入任务，再投注下方的篮球比赛。加入后下注并已结算的注单计入任务。比赛来自我们的篮球联赛。',
    fixtures: '篮球比赛',
  },
  fiba: {
    intro: '国际篮球窗口期：先加入任务，再投注下方的篮球比赛。加入后下注并已结算的注单计入。',
    fixtures: '篮球比赛',
  },
  boxing: {
    intro: '拳击之夜：先加入任务，再投注下方的对决。加入后下注并已结算的注单计入。',
    fixtures: '拳击对决',
  },
  nbaLive: {
    intro: '滚球活动：篮球比赛进行中下注的任务。先加入，再投注下方进行中的比赛。',
    fixtures: '进行中的篮球比赛',
    all: '全部滚球活动',
  },
  nbaVideo: {
    intro: '本周篮球集锦。加入任务后在此播放集锦：每个不同的集锦播放到结尾后计入一次。',
    clips: '篮球集锦',
    none: '本周暂无篮球集锦。比赛进行后会出现集锦。',
    watchToEnd: '看到结尾才计入。',
    visitor: '登录并加入任务后，观看集锦才会计入。',
    alreadyCounted: '已计入。',
    counted: '集锦已计入你的任务。',
    countedShort: '已计入',
  },
  offers: {
    bingo: {
      intro: '宾果优惠。领取前请阅读全部条款：奖金与现金分开存放。',
      heading: '宾果优惠',
    },
    agency: {
      intro: '为通过代理或在线充值的玩家推荐的优惠。领取前请阅读全部条款：奖金与现金分开存放。',
      heading: '代理优惠',
    },
    none: '此页面暂无可领取的优惠。已领取的优惠在优惠页面。',
    sameRules: '这些优惠与优惠页面上的所有优惠规则相同。',
  },
};
