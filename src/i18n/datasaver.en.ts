/**
 * English strings of data-saver mode (issue 38). `dataSaverShellEn` is the header's chip, on the first
 * screen (joined into en.ts); `dataSaverEn` the settings and placeholders (joined into en.areas.ts).
 * datasaver.cn.ts mirrors them key for key.
 */
export const dataSaverShellEn = {
  chip: 'Data saver',
  chipLabel: 'Data saver is on: pictures and video wait for you. Open settings',
};

export const dataSaverEn = {
  legend: 'Data saver',
  settings: { auto: 'Auto', on: 'On', off: 'Off' },
  explain:
    'Saves mobile data: no pictures in lists, no video that starts by itself, and prices of matches off screen refresh every 5 seconds.',
  status: {
    setting_on: 'Data saver is on.',
    setting_off: 'Data saver is off.',
    saveData: 'On now: your browser asks to save data.',
    slowLink: 'On now: your connection is slow (2G or 3G).',
    none: 'Off now: your connection is fast and your browser does not ask to save data.',
  },
  imageOff: 'Picture not loaded (data saver)',
};
