import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryHistory, createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { WithdrawPage } from '../../src/features/withdraw/WithdrawPage';
import { initI18n } from '../../src/i18n';

/** /withdraw as the player first sees it: what can go now and why not more, the amount rules, the password first. */

const call = vi.hoisted(() => vi.fn());
vi.mock('../../src/api/instance', () => ({ api: { call } }));

const switchAnswer = {
  gcash: true,
  maya: true,
  bank: false,
  agent: false,
  minWithdrawAmount: 20_000,
  maxWithdrawAmount: 300_000_000,
  amountList: [20_000, 50_000, 70_000, 100_000, 200_000, 1_000_000],
  channelMax: { gcash: 5_000_000, maya: 5_000_000, bank: 1_000_000_000, agent: 2_000_000 },
  withdrawable: 200_000,
  turnoverRemaining: 300_000,
  hasWithdrawPassword: true,
};
const account = {
  bankAccountId: 7,
  accountType: 11,
  accountNo: '•••• 4567',
  accountName: 'Juan dela Cruz',
  createdAt: '2026-11-23T00:00:00Z',
};

function show(answer: typeof switchAnswer) {
  call.mockImplementation((_prefix: string, path: string) => {
    if (path === 'withdraw/withdrawSwitch') return Promise.resolve(answer);
    if (path === 'account/bankAccountList') return Promise.resolve({ list: [account], isFirstBindCard: false, maxAccounts: 3 });
    if (path === 'customer/getBalanceV3') return Promise.resolve({ balance: 500_000, bonusBalance: 0, balanceFlag: 1 });
    return Promise.resolve({});
  });
  const rootRoute = createRootRoute();
  const withdraw = createRoute({ getParentRoute: () => rootRoute, path: '/withdraw', component: () => <WithdrawPage /> });
  const setPassword = createRoute({
    getParentRoute: () => rootRoute,
    path: '/setWithdrawPwd/$label',
    component: () => <p>set password page</p>,
  });
  const router = createRouter({
    routeTree: rootRoute.addChildren([withdraw, setPassword]),
    history: createMemoryHistory({ initialEntries: ['/withdraw'] }),
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

beforeAll(async () => {
  await initI18n('en');
});

afterEach(() => {
  cleanup();
  call.mockReset();
});

describe('the withdraw page', () => {
  it('says plainly what can be withdrawn now and the turnover still owed, and which ways are closed', async () => {
    show(switchAnswer);
    expect((await screen.findByTestId('withdrawable')).textContent).toBe('₱2,000.00');
    expect(
      screen.getByText(
        'Deposits must be played through before they can be withdrawn: stake ₱3,000.00 more on sports or games and the rest of your balance becomes withdrawable.',
      ),
    ).toBeTruthy();
    expect((screen.getByRole('button', { name: /Bank/ }) as HTMLButtonElement).disabled).toBe(true);
    expect(await screen.findByRole('radio', { name: /Juan dela Cruz/ })).toBeTruthy();
  });

  it('refuses an amount above what can be withdrawn now before asking anything', async () => {
    show(switchAnswer);
    fireEvent.change(await screen.findByLabelText('Amount in pesos'), { target: { value: '3000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('You can withdraw up to ₱2,000.00 now. Please enter a smaller amount.')).toBeTruthy();
    expect(call.mock.calls.some(([, path]) => path === 'withdraw/checkOrderQuota')).toBe(false);
  });

  it('offers only presets that can be withdrawn now: none above what the page says is the most', async () => {
    show(switchAnswer);
    const presets = await screen.findByRole('group', { name: 'Quick amounts' });
    expect([...presets.querySelectorAll('button')].map((button) => button.textContent)).toEqual([
      '₱200',
      '₱500',
      '₱700',
      '₱1,000',
      '₱2,000',
    ]);
    expect(screen.getByText('From ₱200.00 up to ₱2,000.00')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '₱2,000' }));
    expect((screen.getByLabelText('Amount in pesos') as HTMLInputElement).value).toBe('2000');
  });

  it('sends a player without a withdrawal password to set one, coming back here after', async () => {
    const router = show({ ...switchAnswer, hasWithdrawPassword: false });
    await waitFor(() => expect(router.state.location.pathname).toBe('/setWithdrawPwd/withdraw'));
  });
});
