import type { PaymentChannel } from '../../../src/contract/payments';
import type { SimulatorStore } from './store';

/**
 * The outage switch of a channel, kept in the store so that every instance sees it. While a channel is
 * down its create calls answer PROVIDER_DOWN (GW_801104 for the player) and its payouts wait.
 */
export async function isChannelDown(store: SimulatorStore, channel: PaymentChannel): Promise<boolean> {
  return (await store.get('channel', channel))?.data.down ?? false;
}

export async function setChannelDown(store: SimulatorStore, channel: PaymentChannel, down: boolean, now: number): Promise<void> {
  await store.put('channel', { id: channel, dueAt: null, data: { down, changedAt: now } });
}
