/**
 * The reset ticket that /forgetPassword earns with the SMS code and /resetPassword spends. Kept in this
 * tab's memory only, never in the address (it would stay in the history) nor in storage: a reload
 * starts the reset again, and the server forgets the ticket after 10 minutes anyway.
 */
let ticket: string | null = null;

export function keepResetTicket(value: string): void {
  ticket = value;
}

export function resetTicket(): string | null {
  return ticket;
}

export function forgetResetTicket(): void {
  ticket = null;
}
