/**
 * Match chat (spec §2 live match tab "chat", over STOMP): one line is 1 to 200 characters after spaces
 * and control characters are folded; a connection may send 5 lines in any 10 seconds. The server
 * enforces both; the page checks them first so a player's line is never dropped without a word.
 */
export const CHAT_LIMIT = { lines: 5, windowMs: 10_000, maxChars: 200 } as const;

/** The line as it will be shown, or undefined when it is empty or too long. */
export function normalizeChatLine(text: string): string | undefined {
  const line = text.replace(/[\s\p{Cc}]+/gu, ' ').trim();
  const length = [...line].length;
  return length >= 1 && length <= CHAT_LIMIT.maxChars ? line : undefined;
}
