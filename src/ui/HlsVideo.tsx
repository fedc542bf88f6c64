import type Hls from 'hls.js/light';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './HlsVideo.module.css';

export interface HlsVideoProps {
  /** An HLS master playlist. */
  src: string;
  /** Start playing when ready (the caller decides: never by itself on a slow connection). */
  autoPlay: boolean;
  /** What is shown (the video element's accessible name). */
  label: string;
  /** The first frames play. */
  onPlaying?: () => void;
  /** A piece of the stream arrived (the caller's wait for the first frames starts again). */
  onProgress?: () => void;
  /** The stream cannot be played (its playlist or segments fail for good). */
  onFailed?: () => void;
  /** A clip (a VOD playlist) played to its end. */
  onEnded?: () => void;
  /** Captions the provider gives (a WebVTT file on this origin), shown by default. */
  captions?: { src: string; lang: string; label: string } | undefined;
}

/** A rendition the player can pick: its index in hls.js's levels and its height. */
interface Level {
  index: number;
  height: number;
}

/**
 * An HLS stream in a video element: hls.js (its light build, loaded only when a video is opened, so the
 * pages that show none never download it) feeds the element through Media Source Extensions and picks
 * the rendition the link can carry (adaptive bitrate); Safari and iOS play HLS natively. The player may
 * pin a quality; "Auto" goes back to adaptive. A playlist or segment that fails for good calls onFailed
 * (the caller moves to its next source).
 */
export function HlsVideo({ src, autoPlay, label, onPlaying, onProgress, onFailed, onEnded, captions }: HlsVideoProps) {
  const { t } = useTranslation();
  const videoRef = useRef<HTMLVideoElement>(null);
  const hlsRef = useRef<Hls | null>(null);
  const [levels, setLevels] = useState<Level[]>([]);
  /** -1: automatic. */
  const [chosen, setChosen] = useState(-1);
  const [playingHeight, setPlayingHeight] = useState<number | undefined>(undefined);
  const callbacks = useRef({ onPlaying, onProgress, onFailed, onEnded });
  useEffect(() => {
    callbacks.current = { onPlaying, onProgress, onFailed, onEnded };
  });

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    let cancelled = false;
    let failed = false;
    const fail = () => {
      if (failed || cancelled) return;
      failed = true;
      callbacks.current.onFailed?.();
    };
    setLevels([]);
    setChosen(-1);
    setPlayingHeight(undefined);
    void import('hls.js/light')
      .then(({ default: HlsClass }) => {
        if (cancelled) return;
        if (!HlsClass.isSupported()) {
          // Safari and iOS: HLS in the element itself (no rendition choice there).
          if (video.canPlayType('application/vnd.apple.mpegurl')) video.src = src;
          else fail();
          return;
        }
        // No worker: the page's policy allows workers from this origin only, and three small renditions
        // are transmuxed quickly enough on the main thread.
        const hls = new HlsClass({ enableWorker: false, capLevelToPlayerSize: true, manifestLoadingMaxRetry: 1, levelLoadingMaxRetry: 2 });
        hlsRef.current = hls;
        hls.on(HlsClass.Events.MANIFEST_PARSED, (_event, data) => {
          setLevels(
            data.levels
              .map((level, index) => ({ index, height: level.height }))
              .filter((level) => level.height > 0)
              .sort((a, b) => b.height - a.height),
          );
        });
        hls.on(HlsClass.Events.FRAG_LOADED, () => callbacks.current.onProgress?.());
        hls.on(HlsClass.Events.LEVEL_SWITCHED, (_event, data) => setPlayingHeight(hls.levels[data.level]?.height));
        hls.on(HlsClass.Events.ERROR, (_event, data) => {
          if (!data.fatal) return;
          if (data.type === HlsClass.ErrorTypes.MEDIA_ERROR && !failed) {
            hls.recoverMediaError();
            return;
          }
          fail();
        });
        hls.loadSource(src);
        hls.attachMedia(video);
      })
      .catch(fail);
    return () => {
      cancelled = true;
      hlsRef.current?.destroy();
      hlsRef.current = null;
      video.removeAttribute('src');
    };
  }, [src]);

  const choose = (index: number) => {
    setChosen(index);
    // currentLevel switches now (flushing the buffer); -1 returns to the adaptive choice.
    if (hlsRef.current) hlsRef.current.currentLevel = index;
  };

  return (
    <div className={styles.player}>
      <video
        ref={videoRef}
        className={styles.video}
        aria-label={label}
        autoPlay={autoPlay}
        muted
        playsInline
        controls
        preload={autoPlay ? 'auto' : 'none'}
        onPlaying={() => callbacks.current.onPlaying?.()}
        onEnded={() => callbacks.current.onEnded?.()}
        onError={() => {
          // Native HLS (Safari) reports a failed stream here; with hls.js its ERROR event decides.
          if (!hlsRef.current) callbacks.current.onFailed?.();
        }}
        data-testid="hls-video"
      >
        {captions && <track kind="captions" src={captions.src} srcLang={captions.lang} label={captions.label} default />}
      </video>
      {levels.length > 1 && (
        <label className={styles.quality}>
          <span className={styles.qualityLabel}>{t('video.quality')}</span>
          <select value={chosen} onChange={(event) => choose(Number(event.target.value))} data-testid="video-quality">
            <option value={-1}>
              {playingHeight && chosen === -1 ? t('video.autoPlaying', { height: playingHeight }) : t('video.auto')}
            </option>
            {levels.map((level) => (
              <option key={level.index} value={level.index}>
                {`${level.height}p`}
              </option>
            ))}
          </select>
        </label>
      )}
    </div>
  );
}
