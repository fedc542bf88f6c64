// hls.js's light build (no subtitles, alternate audio, DRM or CMCD) has the full build's API; its
// package.json exports it without types.
declare module 'hls.js/light' {
  export * from 'hls.js';
  export { default } from 'hls.js';
}
