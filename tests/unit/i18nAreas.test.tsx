import { act, render, screen } from '@testing-library/react';
import { Profiler } from 'react';
import { useTranslation } from 'react-i18next';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as I18n from '../../src/i18n';

type I18nModule = typeof I18n;

/** A fresh copy of src/i18n (its areas are loaded once per module), started as the app starts it. */
async function freshI18n(): Promise<I18nModule> {
  vi.resetModules();
  const i18n = await import('../../src/i18n');
  await i18n.initI18n('en', { deferAreas: true });
  return i18n;
}

/** A component that shows one key. */
function Shows({ k }: { k: string }) {
  const { t } = useTranslation();
  return <p data-testid={k}>{t(k as 'tabs.foryou')}</p>;
}

/** The page: one key, its commits counted by React's Profiler. */
function page(k: string) {
  const commits = vi.fn();
  render(
    <Profiler id="page" onRender={commits}>
      <Shows k={k} />
    </Profiler>,
  );
  return commits;
}

describe('the areas’ English arriving after the first screen', () => {
  beforeEach(() => {
    document.body.innerHTML = '';
  });

  it('does not re-render a page that already has every string it shows', async () => {
    const i18n = await freshI18n();
    const commits = page('tabs.foryou');
    expect(screen.getByTestId('tabs.foryou').textContent).toBe('For You');
    expect(commits).toHaveBeenCalledTimes(1);
    await act(() => i18n.loadAreas());
    expect(commits).toHaveBeenCalledTimes(1);
    // The strings are there for what renders next.
    expect(i18n.i18next.t('routes.Home_foryou.title')).toBe('For You');
  });

  it('re-renders a page that showed a gap for one of them, which then shows the string', async () => {
    const i18n = await freshI18n();
    page('account.visitorTitle');
    expect(screen.getByTestId('account.visitorTitle').textContent).toBe('');
    await act(() => i18n.loadAreas());
    expect(screen.getByTestId('account.visitorTitle').textContent).toBe('Welcome to Panalo');
  });
});
