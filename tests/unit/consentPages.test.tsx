import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryClient } from '../../src/api/instance';
import { FAQ_ARTICLES } from '../../src/contract/faq/types';
import { initI18n, loadAreas } from '../../src/i18n';
import { privacy } from '../../src/stores/privacy';
import { type Sent, stubServer } from './fakeServer';
import { renderApp } from './renderApp';

/**
 * The privacy choice is asked from the second page a tab shows (src/app/Shell.tsx). A page the app puts
 * in place of the one opened (a redirect: /withdraw to the withdrawal password's page) is still the page
 * the player opened: the prompt is not drawn over it (it became that page's largest paint, issue 31).
 */
const sent: Sent[] = [];

beforeAll(async () => {
  await initI18n('en');
  // The prompt's code and strings at hand, so that where it is due it comes within the test's wait.
  await Promise.all([import('../../src/app/ConsentPrompt'), loadAreas()]);
});

beforeEach(() => {
  sessionStorage.clear();
  privacy.analytics = 'unset';
  stubServer(sent, () => ({}));
});

afterEach(() => {
  cleanup();
  queryClient.clear();
  document.body.innerHTML = '';
});

describe('privacy choice and redirects', () => {
  it('is not asked over the page an address was replaced with, and is on the next page the player opens', async () => {
    const router = await renderApp('/faq', { untilMain: true });
    const article = `/faq/${FAQ_ARTICLES[0]}`;
    await act(() => router.navigate({ href: article, replace: true }));
    await waitFor(() => expect(router.state.location.pathname).toBe(article));
    // Give the lazy prompt every chance to come.
    await act(() => new Promise((resolve) => setTimeout(resolve, 1_500)));
    expect(screen.queryByTestId('consent-prompt')).toBeNull();

    await act(() => router.navigate({ href: '/faq' }));
    expect(await screen.findByTestId('consent-prompt', {}, { timeout: 10_000 })).toBeTruthy();
  }, 30_000);
});
