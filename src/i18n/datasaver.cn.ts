import type { dataSaverEn, dataSaverShellEn } from './datasaver.en';

/** Chinese strings of data-saver mode (issue 38), key for key as datasaver.en.ts. */
export const dataSaverShellCn: typeof dataSaverShellEn = {
  chip: '省流量',
  chipLabel: '省流量模式已开启：图片和视频需您手动加载。打开设置',
};

export const dataSaverCn: typeof dataSaverEn = {
  legend: '省流量模式',
  settings: { auto: '自动', on: '开启', off: '关闭' },
  explain: '节省移动数据：列表不显示图片，视频不会自动播放，屏幕外比赛的赔率每 5 秒刷新一次。',
  status: {
    setting_on: '省流量模式已开启。',
    setting_off: '省流量模式已关闭。',
    saveData: '当前已开启：您的浏览器要求节省流量。',
    slowLink: '当前已开启：您的网络较慢（2G 或 3G）。',
    none: '当前未开启：网络良好，浏览器未要求节省流量。',
  },
  imageOff: '图片未加载（省流量模式）',
};
