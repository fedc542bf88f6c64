import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as HostBridge from '../../src/lib/hostBridge';

const framedBy = vi.hoisted(() => ({ origin: undefined as string | undefined }));
vi.mock('../../src/lib/hostBridge', async (importOriginal) => ({
  ...(await importOriginal<typeof HostBridge>()),
  hostOrigin: () => framedBy.origin,
}));

import { DEPOSIT_PARENT_MESSAGE, runEffects } from '../../src/app/routes/effects';

/** method=dp inside a partner's frame: the deposit message goes to the allowlisted parent's exact origin only. */
describe('the deposit message to the framing page', () => {
  afterEach(() => {
    framedBy.origin = undefined;
    vi.restoreAllMocks();
  });

  it('is posted to the allowlisted parent at its exact origin', async () => {
    framedBy.origin = 'https://m.gcash.example';
    const post = vi.spyOn(window.parent, 'postMessage').mockImplementation(() => undefined);
    await runEffects([{ type: 'depositToParent' }]);
    expect(post).toHaveBeenCalledWith(DEPOSIT_PARENT_MESSAGE, 'https://m.gcash.example');
  });

  it('is not posted when the framing page is not on the allowlist', async () => {
    const post = vi.spyOn(window.parent, 'postMessage').mockImplementation(() => undefined);
    await runEffects([{ type: 'depositToParent' }]);
    expect(post).not.toHaveBeenCalled();
  });
});
