import { expect, test } from './fixtures';
import { depositGcash500, registerNewPlayer } from './newPlayer';
import { betFiftyPrematch } from './promoJourney';

/**
 * The Masskara campaign end to end in chromium (issue 35): a new player reads the campaign and its rules,
 * joins it (the fingerprint of their seed shown), bets, and when the bet settles a mask is drawn: it shows
 * in their mask collection (one of five, the exchange not yet possible) and in their records with the
 * bet's ticket number; my-prizes has none yet.
 */

const SCREENS = 'test-results/screens';

test('a player joins the Masskara campaign, earns a mask when a bet settles, and sees it in the mask collection and the records', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const day = 86_400_000;
  // Any price draws a mask here (the default asks odds of 1.20 or more).
  const saved = await request.post('/dev/masskara', {
    data: {
      config: {
        editions: [
          {
            id: '2026',
            raffles: [],
            active: true,
            title: 'Masskara: collect the masks',
            summary: 'Play to collect the five festival masks of Bacolod, then exchange a full set for a ₱100 bonus.',
            startsAt: new Date(Date.now() - day).toISOString(),
            endsAt: new Date(Date.now() + 30 * day).toISOString(),
            masks: [
              { id: 'golden-smile', label: 'Golden smile', weight: 30 },
              { id: 'red-feather', label: 'Red feather', weight: 25 },
              { id: 'blue-sequin', label: 'Blue sequin', weight: 20 },
              { id: 'green-leaf', label: 'Green leaf', weight: 15 },
              { id: 'silver-moon', label: 'Silver moon', weight: 10 },
            ],
            sports: { minStake: 1_000, minOddsH: 101 },
            casino: { minBet: 500 },
            prize: { bonus: 10_000, multiple: 3, maxBet: 5_000, maxWin: 50_000, days: 7 },
            exchangeDays: 7,
          },
        ],
      },
    },
  });
  expect(saved.ok(), await saved.text()).toBe(true);

  await registerNewPlayer(page);
  await depositGcash500(page);

  // The campaign and its rules in plain words, then joining.
  await page.goto('/campaign/masskara/rules');
  await expect(page.getByTestId('masskara-rules')).toContainText('Each settled sports bet of at least ₱10');
  await expect(page.getByTestId('masskara-rules')).toContainText('Golden smile 30.0%');
  await page.screenshot({ path: `${SCREENS}/masskara-rules-390x844.png`, fullPage: true });
  await page.getByRole('link', { name: 'Campaign' }).click();
  await expect(page.getByRole('heading', { name: 'Masskara: collect the masks' })).toBeVisible();
  await expect(page.getByText('Full set prize: ₱100.00 bonus (3× wagering)')).toBeVisible();
  await page.getByTestId('masskara-join').click();
  await expect(page.getByTestId('masskara-progress')).toHaveText('0 of 5 masks collected');
  await page.screenshot({ path: `${SCREENS}/masskara-main-390x844.png`, fullPage: true });

  // A ₱50 pre-match single (on a line that cannot push), then its match settles.
  const matchId = await betFiftyPrematch(page, request);

  await page.goto('/campaign/masskara/mask-collection');
  await expect(page.getByTestId('masskara-mask').filter({ hasText: '× 1' })).toHaveCount(0);
  expect((await request.post(`/dev/feed/settle/${matchId}`)).ok()).toBe(true);
  // The settlement is pushed: the collection asks again and shows the mask drawn.
  await expect(page.getByTestId('masskara-mask').filter({ hasText: '× 1' })).toHaveCount(1, { timeout: 20_000 });
  await expect(page.getByTestId('masskara-mask').filter({ hasText: 'Not yet' })).toHaveCount(4);
  await expect(page.getByTestId('masskara-exchange')).toBeDisabled();
  await page.screenshot({ path: `${SCREENS}/masskara-collection-390x844.png`, fullPage: true });

  // The record: which mask, when, from which bet; the seed's fingerprint, the seed kept until the exchange.
  await page.getByRole('link', { name: 'Records' }).click();
  const record = page.getByTestId('masskara-record');
  await expect(record).toHaveCount(1);
  await expect(record).toContainText(/Golden smile|Red feather|Blue sequin|Green leaf|Silver moon/);
  await expect(record).toContainText(/Bet \S+/);
  await expect(record).toContainText('Stake ₱50.00');
  await expect(page.getByTestId('masskara-seed-hash')).toHaveText(/^[0-9a-f]{64}$/);
  await expect(page.getByText('Your seed is revealed after you exchange a set or when the campaign ends.')).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/masskara-records-390x844.png`, fullPage: true });

  await page.getByRole('link', { name: 'My prizes' }).click();
  await expect(page.getByText('No prizes yet. Exchange a full set of masks, or win a raffle.')).toBeVisible();
});
