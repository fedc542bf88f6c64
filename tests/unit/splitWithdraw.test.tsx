import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryHistory, createRootRoute, createRouter } from '@tanstack/react-router';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/api/client';
import { GatewayCode } from '../../src/contract/errorCodes';
import { SplitWithdrawPage } from '../../src/features/withdraw/SplitWithdrawPage';
import { initI18n } from '../../src/i18n';

/** /split-withdraw: the plan as the player reads it, one password entry, each part its own order and key. */

const call = vi.hoisted(() => vi.fn());
vi.mock('../../src/api/instance', () => ({ api: { call } }));

const account = {
  bankAccountId: 7,
  accountType: 11,
  accountNo: '•••• 4567',
  accountName: 'Juan dela Cruz',
  createdAt: '2026-11-23T00:00:00Z',
};

function answering(createWithdrawal: (body: { amount: number }) => Promise<unknown>) {
  call.mockImplementation((_prefix: string, path: string, body: Record<string, unknown>) => {
    if (path === 'withdraw/checkOrderQuota')
      return Promise.resolve({ allowed: false, channelMax: 5_000_000, splits: [5_000_000, 5_000_000, 2_000_000] });
    if (path === 'account/bankAccountList') return Promise.resolve({ list: [account], isFirstBindCard: false, maxAccounts: 3 });
    if (path === 'withdraw/createWithdrawalRequest') return createWithdrawal(body as { amount: number });
    return Promise.resolve({});
  });
}

async function show() {
  const rootRoute = createRootRoute({ component: () => <SplitWithdrawPage amount="12000000" accountId="7" way="gcash" /> });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ['/split-withdraw'] }) });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  await screen.findByTestId('split-plan');
}

async function confirmWith(password: string) {
  fireEvent.click(screen.getByRole('button', { name: /Confirm 3 withdrawals|Send the rest/ }));
  const sheet = await screen.findByTestId('withdraw-password-sheet');
  fireEvent.change(within(sheet).getByLabelText('Withdrawal password'), { target: { value: password } });
  await act(async () => {
    fireEvent.click(within(sheet).getByRole('button', { name: 'Confirm withdrawal' }));
  });
}

const keysSent = () =>
  call.mock.calls
    .filter(([, path]) => path === 'withdraw/createWithdrawalRequest')
    .map(([, , body, options]) => [(body as { amount: number }).amount, (options as { idempotencyKey: string }).idempotencyKey] as const);

beforeAll(async () => {
  await initI18n('en');
});

afterEach(() => {
  cleanup();
  call.mockReset();
});

describe('split withdrawal', () => {
  it('shows the plan in one line, then sends each part as its own order with its own key after one password entry', async () => {
    let n = 0;
    answering(async () => ({ orderNo: `W${++n}` }));
    await show();
    expect(screen.getByTestId('split-plan').textContent).toBe(
      '3 withdrawals of 2 × ₱50,000.00 + ₱20,000.00 (₱120,000.00 in all) to GCash •••• 4567.',
    );
    expect(screen.getByText('Each withdrawal here carries at most ₱50,000.00.')).toBeTruthy();
    await confirmWith('902817');
    expect(await screen.findByText('All 3 withdrawals are submitted. Follow each one from its line above.')).toBeTruthy();
    const sent = keysSent();
    expect(sent.map(([amount]) => amount)).toEqual([5_000_000, 5_000_000, 2_000_000]);
    expect(new Set(sent.map(([, key]) => key)).size).toBe(3);
    expect(screen.getAllByRole('link', { name: 'Submitted' })).toHaveLength(3);
  });

  it('stops at a part the server refuses, says why beside it, and sends only the rest when asked again', async () => {
    let n = 0;
    answering(async () => {
      n += 1;
      if (n === 2) throw new ApiError('server', GatewayCode.ChannelClosed, 'closed', false);
      return { orderNo: `W${n}` };
    });
    await show();
    await confirmWith('902817');
    expect(await screen.findByText('This way of withdrawing is closed right now. Please choose another, or try again later.')).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Submitted' })).toHaveLength(1);
    expect(keysSent()).toHaveLength(2);
    await confirmWith('902817');
    expect(await screen.findByText('All 3 withdrawals are submitted. Follow each one from its line above.')).toBeTruthy();
    // Part 1 was not sent again; part 2, refused, went again under a new key.
    const sent = keysSent();
    expect(sent.map(([amount]) => amount)).toEqual([5_000_000, 5_000_000, 5_000_000, 2_000_000]);
    expect(sent[2]![1]).not.toBe(sent[1]![1]);
  });

  it('keeps the sheet open on a wrong password, with nothing sent after it', async () => {
    answering(async () => {
      throw new ApiError('server', GatewayCode.WithdrawPasswordWrong, 'The withdrawal password is incorrect. 4 tries left.', false);
    });
    await show();
    await confirmWith('135790');
    const sheet = screen.getByTestId('withdraw-password-sheet');
    expect(within(sheet).getByRole('alert').textContent).toBe('The withdrawal password is incorrect. 4 tries left. Nothing was withdrawn.');
    expect(keysSent()).toHaveLength(1);
  });
});
