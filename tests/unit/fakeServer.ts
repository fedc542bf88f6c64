import { vi } from 'vitest';

/** One API call a page sent: its path without `/api/<prefix>/`, its body and its Idempotency-Key. */
export interface Sent {
  path: string;
  body: Record<string, unknown>;
  idempotencyKey: string | null;
}

/** How the fake server answers one main call (errCode '0000' and a null body where left out). */
export interface Answer {
  errCode?: string;
  errMsg?: string;
  body?: unknown;
}

export type Answers = Record<string, (body: Record<string, unknown>) => Answer>;

/**
 * Stubs fetch with a server that notes every API call in `sent` and answers the main calls from
 * `answers()` (read at each call, so a test may replace them); front calls answer the site is not in
 * maintenance, or null. `files` answers those URLs (static JSON) first, and notes nothing.
 */
export function stubServer(sent: Sent[], answers: () => Answers, files: Readonly<Record<string, unknown>> = {}): void {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      if (Object.hasOwn(files, url)) return Response.json(files[url]);
      const path = String(url).replace(/^\/api\/(main|front|tp|push)\//, '');
      const body = init.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
      sent.push({ path, body, idempotencyKey: new Headers(init.headers).get('Idempotency-Key') });
      const answer = answers()[path]?.(body);
      if (String(url).startsWith('/api/main/')) {
        return Response.json({ head: { errCode: answer?.errCode ?? '0000', errMsg: answer?.errMsg ?? '' }, body: answer?.body ?? null });
      }
      const data = path === 'front/siteMaintenance' ? { maintenance: false, message: '', endTime: null, entries: [] } : null;
      return Response.json({ code: 0, msg: '', data });
    }),
  );
}
