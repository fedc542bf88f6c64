/**
 * English strings added for issues 35 and 37 in session 7: Masskara's editions (the list of editions, an
 * ended one read as history). c3735.cn.ts mirrors them.
 */
export const c3735En = {
  editions: {
    label: 'Editions of the campaign',
    title: 'Editions',
    history: 'This edition has ended: what you collected in it is kept here as history.',
  },
  tutorial: {
    watch: 'Watch the video tutorial',
    title: 'How to bet: video tutorial',
    close: 'Close',
    captions: 'English captions',
    failed: 'The video could not be played.',
    noCaptions: 'This video has no captions.',
  },
};
