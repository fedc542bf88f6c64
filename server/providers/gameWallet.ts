/**
 * A game provider's wallet (the Saba sportsbook when the player does not play seamless): a transfer in
 * waits for the provider to confirm it. A real integration calls the provider's transfer API; the
 * simulator confirms after a short delay, as a provider on a good day does.
 */
export interface GameWalletProvider {
  /** Asks the provider to credit its wallet of the player; answers whether it accepted. */
  transferIn(request: { customerId: number; amount: number; reference: string }): Promise<'accepted' | 'refused'>;
}

export function simulatedGameWallet(options: { latencyMs: number }): GameWalletProvider {
  return {
    async transferIn() {
      await new Promise((resolve) => setTimeout(resolve, options.latencyMs));
      return 'accepted';
    },
  };
}
