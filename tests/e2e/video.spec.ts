import type { APIRequestContext, Locator } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * Match video (issue 37) against the streaming simulator's real HLS: the live streams page lists what
 * can be watched; on the live match page a match's first source fails and the second plays, with its
 * quality levels; when every source fails, 'video not found'.
 */

const PROVIDERS = ['nami', 'sportradar', 'saba'] as const;

/** The element decodes new frames and its clock moves on (not only that a source was chosen). */
async function expectFramesAdvance(element: Locator) {
  const read = () =>
    element.evaluate((v: HTMLVideoElement) => ({ time: v.currentTime, frames: v.getVideoPlaybackQuality().totalVideoFrames }));
  const before = await read();
  await expect.poll(async () => (await read()).frames, { timeout: 30_000 }).toBeGreaterThan(before.frames + 10);
  expect((await read()).time).toBeGreaterThan(before.time);
}

async function setMode(request: APIRequestContext, provider: string, mode: string) {
  expect((await request.post('/sim/video/switch', { data: { provider, mode } })).ok()).toBe(true);
}

test.describe('match video', () => {
  test('a live stream plays: its frames are decoded and its clock runs; a pinned quality plays that rendition', async ({ page }) => {
    test.slow();
    await page.goto('/video_test');
    const element = page.getByTestId('hls-video');
    await expect(page.getByTestId('video-test-status')).toHaveText('Video plays on this device.', { timeout: 60_000 });
    await expectFramesAdvance(element);
    // Pin each end of the ladder in turn: the element then shows that rendition's picture.
    for (const height of [480, 240]) {
      await page.getByTestId('video-quality').selectOption({ label: `${height}p` });
      await expect.poll(() => element.evaluate((v: HTMLVideoElement) => v.videoHeight), { timeout: 60_000 }).toBe(height);
    }
    await expectFramesAdvance(element);
  });

  test.afterEach(async ({ request }) => {
    for (const provider of PROVIDERS) await setMode(request, provider, 'ok');
  });

  test('the first source fails, the next is opened with its quality levels; none left says video not found', async ({ page, request }) => {
    // Real decoding in the browser: slow on a loaded machine.
    test.slow();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/sport_video');
    const streams = page.getByTestId('stream');
    await expect(streams.first()).toBeVisible({ timeout: 20_000 });

    // A live match with at least two sources (the feed gives some several providers).
    const candidates = await streams.evaluateAll((items) =>
      items
        .filter((item) => item.querySelector('button') !== null)
        .map((item) => ({
          providers: (item as HTMLElement).dataset['providers'] ?? '',
          matchId: (item as HTMLElement).dataset['matchId'] ?? '',
        })),
    );
    const match = candidates.find((c) => c.providers.split(',').length >= 2);
    expect(match, `live streams with their providers: ${candidates.map((c) => c.providers).join(' | ')}`).toBeDefined();
    const [first, second] = match!.providers.split(',') as [string, string];
    // Its first provider answers a URL that does not play.
    await setMode(request, first, 'dead-stream');

    // The live match page's video: nothing plays until the player asks.
    await page.goto(`/liveSportGameV3?matchId=${match!.matchId}`);
    await page.getByTestId('watch').click();

    const video = page.getByTestId('video');
    await expect(video).toHaveAttribute('data-provider', second, { timeout: 60_000 });
    await expect(video.getByText('Source 2 of')).toBeVisible();
    // hls.js read the second source's master playlist: its three renditions to choose from.
    const quality = page.getByTestId('video-quality');
    await expect(quality.locator('option')).toHaveText([/^Auto/, '480p', '360p', '240p'], { timeout: 60_000 });
    // …and plays it.
    await expectFramesAdvance(video.getByTestId('hls-video'));
    await page.screenshot({ path: 'test-results/screens/video-390x844.png' });

    // On the live streams page, every source of a match fails: the player says so.
    for (const provider of PROVIDERS) await setMode(request, provider, 'no-stream');
    await page.goto('/sport_video');
    await streams
      .filter({ has: page.getByRole('button') })
      .first()
      .getByRole('button')
      .click();
    await expect(page.getByTestId('video-status')).toHaveText('video not found', { timeout: 30_000 });
  });
});

test.describe('/teach’s tutorial video', () => {
  test('opens over the page from the keyboard, plays with its captions, and Escape closes it with the focus back on the button', async ({
    page,
  }) => {
    test.slow();
    await page.goto('/teach');
    const opener = page.getByTestId('tutorial-open');
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'How to bet: video tutorial' });
    await expect(dialog).toBeVisible();
    const video = dialog.getByTestId('hls-video');
    // Frames decoded and the clock moving: the tutorial really plays.
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.getVideoPlaybackQuality().totalVideoFrames), { timeout: 60_000 })
      .toBeGreaterThan(10);
    // The provider's captions are a showing track with the tutorial's first line.
    await expect
      .poll(
        () =>
          video.evaluate((v: HTMLVideoElement) => {
            const track = v.textTracks[0];
            return track ? `${track.kind}:${track.mode}:${track.cues?.[0] ? (track.cues[0] as VTTCue).text : ''}` : '';
          }),
        { timeout: 30_000 },
      )
      .toBe('captions:showing:Welcome to Panalo. This is how to place a bet.');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: 'test-results/screens/teach-tutorial-390x844.png' });
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
    // The close button closes it too.
    await opener.click();
    await expect(dialog).toBeVisible();
    await dialog.getByTestId('tutorial-close').click();
    await expect(dialog).toBeHidden();
  });
});
