import type { c3735En } from './c3735.en';

/** 第 7 次会话为议题 35 与 37 新增的中文（Masskara 活动的各届）。与 c3735.en.ts 逐键对应。 */
export const c3735Cn: typeof c3735En = {
  editions: {
    label: '活动各届',
    title: '各届活动',
    history: '本届活动已结束：您在本届收集的内容保留在此，供查看。',
  },
  tutorial: {
    watch: '观看视频教程',
    title: '如何投注：视频教程',
    close: '关闭',
    captions: '英文字幕',
    failed: '视频无法播放。',
    noCaptions: '此视频没有字幕。',
  },
};
