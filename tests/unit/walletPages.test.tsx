import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../src/api/instance';
import type { UserInfo } from '../../src/contract/user';
import { initI18n } from '../../src/i18n';
import { pay } from '../../src/stores/pay';
import { resetToken, setLogin } from '../../src/stores/session';
import { ui } from '../../src/stores/ui';
import { type Answers, type Sent, stubServer } from './fakeServer';
import { renderApp as renderAppAt } from './renderApp';

/**
 * The money-in pages in the whole app, with the network answering like the server: what the player sees
 * and, as important, which calls leave the page (none for an amount the channel cannot take).
 */

const sent: Sent[] = [];
let answers: Answers = {};

const channel = (available: boolean) => ({
  channelId: 'gcash-main',
  name: 'GCash',
  provider: 'paymongo',
  logo: '/icons/logo.svg',
  minAmount: 10_000,
  maxAmount: 5_000_000,
  feeText: 'No fee',
  available,
});
const payWays = (available = true) => ({
  payTypes: [
    {
      payType: 'gcash',
      name: 'GCash',
      logo: '/icons/logo.svg',
      channels: [channel(available)],
      minAmount: 10_000,
      maxAmount: 5_000_000,
      amountList: [10_000, 20_000, 50_000, 100_000, 200_000, 1_000_000],
      firstAmountList: [],
    },
  ],
  firstDeposit: false,
  turnoverPercent: 100,
});
const order = (status: string) => ({
  orderNo: 'DP123456789',
  payType: 'gcash',
  amount: 50_000,
  status,
  createdAt: '2026-11-23T08:00:00.000Z',
  ...(status === 'expired' ? { message: 'The checkout expired. Please try again.' } : {}),
});

/** Renders the whole app at an address, once its page is there. */
const renderApp = (path: string) => renderAppAt(path, { untilMain: true });

beforeAll(async () => {
  await initI18n('en');
});

beforeEach(() => {
  sent.length = 0;
  answers = {};
  stubServer(sent, () => answers);
  resetToken();
  setLogin({ loginName: 'juan01', customerId: '1001', nickName: 'Juan' } as UserInfo, { token: 't', u2token: '' });
  ui.overlays = [];
  ui.toasts = [];
  ui.dialogs = [];
  pay.balance = null;
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  queryClient.clear();
});

const callsTo = (path: string) => sent.filter((call) => call.path === path);

describe('the deposit page', () => {
  it('says the minimum for a too-small amount and sends no order', async () => {
    answers['deposit/queryPayWays'] = () => ({ body: payWays() });
    await renderApp('/wallet/deposit');
    const amount = await screen.findByLabelText('Amount');
    fireEvent.change(amount, { target: { value: '50' } });
    fireEvent.click(screen.getByTestId('deposit-submit'));
    expect((await screen.findByRole('alert')).textContent).toBe('The least you can deposit here is ₱100.00.');
    expect(callsTo('deposit/createOnlineOrder')).toEqual([]);
  });

  it('states the turnover rule before the player pays', async () => {
    answers['deposit/queryPayWays'] = () => ({ body: payWays() });
    await renderApp('/wallet/deposit');
    expect((await screen.findByTestId('turnover-rule')).textContent).toMatch(/bets of 1× its amount must be placed/);
  });

  it('sends a preset as whole centavos with an idempotency key, and follows the order', async () => {
    answers['deposit/queryPayWays'] = () => ({ body: payWays() });
    answers['deposit/createOnlineOrder'] = () => ({ body: order('paid') });
    answers['transactionRecord/billDetail'] = () => ({ body: { deposit: order('paid') } });
    answers['customer/refreshBalance'] = () => ({ body: { balance: 550_000, balanceFlag: 1 } });
    const router = await renderApp('/wallet/deposit');
    fireEvent.click(await screen.findByRole('button', { name: '₱500' }));
    fireEvent.click(screen.getByRole('button', { name: 'Deposit ₱500.00' }));
    await waitFor(() => expect(router.state.location.href).toBe('/gpoorder?orderNo=DP123456789'));
    const [call] = callsTo('deposit/createOnlineOrder');
    expect(call?.body).toMatchObject({ payType: 'gcash', channelId: 'gcash-main', amount: 50_000 });
    expect(call?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("shows a channel that is down as unavailable and the provider's alert with Okay (GW_801104)", async () => {
    let down = false;
    answers['deposit/queryPayWays'] = () => ({ body: payWays(!down) });
    answers['deposit/createOnlineOrder'] = () => {
      down = true;
      return { errCode: 'GW_801104', errMsg: 'provider issue' };
    };
    await renderApp('/wallet/deposit');
    fireEvent.change(await screen.findByLabelText('Amount'), { target: { value: '500' } });
    fireEvent.click(screen.getByTestId('deposit-submit'));
    await waitFor(() => expect(ui.dialogs.at(-1)?.confirm.label).toBe('Okay'));
    expect(await screen.findByText('Unavailable')).toBeTruthy();
    expect(screen.getByTestId('deposit-channel').hasAttribute('disabled')).toBe(true);
  });
});

describe('the order status page (/gpoorder)', () => {
  it('waits with a progress bar while the provider has not confirmed', async () => {
    answers['transactionRecord/billDetail'] = () => ({ body: { deposit: order('pending') } });
    await renderApp('/gpoorder?orderNo=DP123456789');
    expect((await screen.findByTestId('deposit-status')).getAttribute('data-status')).toBe('pending');
    expect(screen.getByText('Waiting for your payment')).toBeTruthy();
    expect(screen.getByRole('progressbar')).toBeTruthy();
    expect(callsTo('transactionRecord/billDetail')[0]?.body).toMatchObject({ orderNo: 'DP123456789' });
    expect(callsTo('customer/refreshBalance')).toEqual([]);
  });

  it('lets the player cancel a pending order', async () => {
    answers['transactionRecord/billDetail'] = () => ({ body: { deposit: order('pending') } });
    answers['deposit/cancelDeposit'] = () => ({ body: { ...order('cancelled'), message: 'You cancelled this deposit.' } });
    await renderApp('/gpoorder?orderNo=DP123456789');
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel this deposit' }));
    await waitFor(() => expect(screen.getByTestId('deposit-status').getAttribute('data-status')).toBe('cancelled'));
    expect(screen.getByText('You cancelled this deposit.')).toBeTruthy();
    expect(callsTo('deposit/cancelDeposit')[0]?.body).toMatchObject({ orderNo: 'DP123456789' });
  });

  it('says a checkout that came back unpaid took nothing, while the order waits for the provider', async () => {
    answers['transactionRecord/billDetail'] = () => ({ body: { deposit: order('pending') } });
    await renderApp('/gpoorder?orderNo=DP123456789&result=cancelled');
    expect((await screen.findByTestId('checkout-not-completed')).textContent).toMatch(/Nothing is taken for an unpaid order/);
  });

  it('once paid, polls the balance until it is ready and shows it', async () => {
    answers['transactionRecord/billDetail'] = () => ({ body: { deposit: order('paid') } });
    answers['customer/refreshBalance'] = () => ({ body: { balance: 550_000, balanceFlag: 1 } });
    await renderApp('/gpoorder?orderNo=DP123456789');
    expect((await screen.findByTestId('new-balance')).textContent).toBe('Your balance is now ₱5,500.00.');
    expect(callsTo('customer/refreshBalance')[0]?.body).toMatchObject({ type: 0 });
  });

  it("ends an expired checkout with the order's own words and Try again", async () => {
    answers['transactionRecord/billDetail'] = () => ({ body: { deposit: order('expired') } });
    await renderApp('/gpoorder?orderNo=DP123456789');
    expect(await screen.findByText('The checkout expired. Please try again.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Try again' }).getAttribute('href')).toBe('/wallet/deposit?payType=gcash');
  });
});

describe('the method=dp entry', () => {
  it('lands on the real deposit page', async () => {
    answers['deposit/queryPayWays'] = () => ({ body: payWays() });
    const router = await renderApp('/foryou?method=dp');
    await waitFor(() => expect(router.state.location.pathname).toBe('/wallet/deposit'));
    expect(await screen.findByTestId('deposit-submit')).toBeTruthy();
  });
});

describe('/recordDetail', () => {
  it('sends an old ?transId= link (a bet) on to /history-detail', async () => {
    const router = await renderApp('/recordDetail?transId=T778899');
    await waitFor(() => expect(router.state.location.href).toBe('/history-detail?transId=T778899'));
  });
});
