import { afterEach, describe, expect, it } from 'vitest';
import { kycPhase } from '../../src/hooks/useKycStatus';
import { attention, countMoneyCall, holdPrompts, isPromptMoment, watchAttention } from '../../src/stores/attention';
import { session } from '../../src/stores/session';
import { ui } from '../../src/stores/ui';

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('a natural pause for prompts nobody asked for (issue 32)', () => {
  let stop: (() => void) | undefined;
  afterEach(() => {
    stop?.();
    document.body.innerHTML = '';
    Object.assign(attention, { started: false, fieldFocused: false, moneyCalls: 0, holds: 0 });
  });

  it('is a page the player has not started on, with no field focused, no money call and no hold', () => {
    expect(isPromptMoment({ started: false, fieldFocused: false, moneyCalls: 0, holds: 0 })).toBe(true);
    expect(isPromptMoment({ started: true, fieldFocused: false, moneyCalls: 0, holds: 0 })).toBe(false);
    expect(isPromptMoment({ started: false, fieldFocused: true, moneyCalls: 0, holds: 0 })).toBe(false);
    expect(isPromptMoment({ started: false, fieldFocused: false, moneyCalls: 1, holds: 0 })).toBe(false);
    expect(isPromptMoment({ started: false, fieldFocused: false, moneyCalls: 0, holds: 1 })).toBe(false);
  });

  it('follows taps and fields on the page, not in a dialog, and starts again on the next page or after a login', async () => {
    document.body.innerHTML =
      '<input id="field"><button id="button">Go</button><dialog open><button id="later">Later</button><input id="inside"></dialog>';
    stop = watchAttention(document);
    document.getElementById('later')!.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    document.getElementById('inside')!.focus();
    await tick();
    expect(isPromptMoment(attention)).toBe(true);

    document.getElementById('field')!.focus();
    expect(attention.fieldFocused).toBe(true);
    document.getElementById('button')!.focus();
    await tick();
    expect(attention.fieldFocused).toBe(false);
    // Left the field, but the player has started on this page.
    expect(isPromptMoment(attention)).toBe(false);

    ui.currentRouteName = `next-${Date.now()}`;
    await tick();
    expect(isPromptMoment(attention)).toBe(true);
    document.getElementById('button')!.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    expect(attention.started).toBe(true);
    session.user = { ...(session.user ?? {}), loginName: `someone-${Date.now()}` } as typeof session.user;
    await tick();
    expect(attention.started).toBe(false);
  });

  it('counts money calls while they are on their way, and holds while a page holds', async () => {
    let answer: (value: string) => void = () => undefined;
    const call = countMoneyCall(new Promise<string>((resolve) => (answer = resolve)));
    expect(attention.moneyCalls).toBe(1);
    answer('ok');
    await expect(call).resolves.toBe('ok');
    expect(attention.moneyCalls).toBe(0);
    await expect(countMoneyCall(Promise.reject(new Error('refused')))).rejects.toThrow('refused');
    expect(attention.moneyCalls).toBe(0);

    const release = holdPrompts();
    expect(isPromptMoment(attention)).toBe(false);
    release();
    release();
    expect(attention.holds).toBe(0);
  });
});

describe('what the app holds about the KYC status', () => {
  it('is current once the server answered on this page, last known before, and unknown with nothing kept', () => {
    expect(kycPhase({ fresh: true, known: true, checkFailed: false })).toBe('current');
    expect(kycPhase({ fresh: false, known: true, checkFailed: false })).toBe('checking');
    expect(kycPhase({ fresh: false, known: true, checkFailed: true })).toBe('lastKnown');
    expect(kycPhase({ fresh: false, known: false, checkFailed: false })).toBe('unknown');
    expect(kycPhase({ fresh: false, known: false, checkFailed: true })).toBe('failed');
  });
});
