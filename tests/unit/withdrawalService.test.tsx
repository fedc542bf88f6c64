import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../src/api/instance';
import type { UserInfo } from '../../src/contract/user';
import { initI18n } from '../../src/i18n';
import { resetToken, setLogin } from '../../src/stores/session';
import { type Answers, type Sent, stubServer } from './fakeServer';
import { renderApp } from './renderApp';

/**
 * Issue 37: a withdrawal refused by its payout offers Customer Service, which opens the support chat about
 * that withdrawal (the chat's browser journey, tests/e2e/support.spec.ts, starts from a failed deposit's
 * button, which a player can reach without ₱20,103 to withdraw).
 */
const sent: Sent[] = [];
let answers: Answers = {};

beforeAll(async () => {
  await initI18n('en');
});

beforeEach(() => {
  sent.length = 0;
  answers = {};
  stubServer(sent, () => answers);
  resetToken();
  setLogin({ loginName: 'juan01', customerId: '1001', nickName: 'Juan' } as UserInfo, { token: 't', u2token: '' });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  queryClient.clear();
});

describe('a rejected withdrawal', () => {
  it('offers Customer Service, which opens the chat about that withdrawal', async () => {
    answers['transactionRecord/queryWithdrawalStatus'] = () => ({
      body: {
        orderNo: 'WD2026112700042',
        amount: 2_010_300,
        status: 'failed',
        destination: 'GCash •••• 4567',
        message: 'The payout was refused by GCash. Your money is back in your wallet.',
        createdAt: '2026-11-27T08:00:00.000Z',
      },
    });
    await renderApp('/withdrawInfo?orderNo=WD2026112700042');
    const button = await screen.findByTestId('withdraw-customer-service');
    const href = new URL(button.getAttribute('href') ?? '', 'http://localhost');
    expect(href.pathname).toBe('/live-support');
    expect(Object.fromEntries(href.searchParams)).toMatchObject({ about: 'withdrawal', orderNo: 'WD2026112700042' });
  });
});
