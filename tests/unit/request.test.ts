import { afterEach, describe, expect, it, vi } from 'vitest';
import { callerOf, type ApiEnvironment } from '../../src/api/client';
import { type Caller, signedHeaders } from '../../src/contract/request';
import { computeSign } from '../../src/contract/sign';
import { httpSnapshots } from '../../workers/realtime/http';

/** A player inside the Maya mini-app, on the live sports page. */
const maya: Caller = {
  appKey: 'app-key',
  token: 'tok-9',
  language: 'cn',
  deviceId: 'device-7',
  client: 'miniapp_maya',
  platform: 'H5',
  container: 'miniapp',
  packageName: 'maya',
  domainName: 'maya.panalo.test',
  pathname: '/sports/live',
};

afterEach(() => vi.unstubAllGlobals());

describe('one signed-request builder for the page and the realtime worker (spec §7)', () => {
  it('the worker’s calls say who and where the player is, as the page’s do', async () => {
    const sent: { headers: Record<string, string>; body: string }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        sent.push({ headers: init.headers as Record<string, string>, body: String(init.body) });
        return new Response(JSON.stringify({ code: 0, msg: 'ok', data: { selections: [] } }), {
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
    await httpSnapshots('http://panalo.test').selections!({ selections: [{ marketId: 'k1', key: 'h' }] }, maya);
    const call = sent[0]!;
    expect(call.headers).toMatchObject({
      container: 'miniapp',
      package: 'maya',
      domainName: 'maya.panalo.test',
      pathname: '/sports/live',
      lang: 'cn',
      deviceId: 'device-7',
      token: 'tok-9',
    });
    expect(JSON.parse(call.body)).toMatchObject({ client: 'miniapp_maya', selections: [{ marketId: 'k1', key: 'h' }] });
    // The same headers the page's client builds for the same body and request id.
    const qid = call.headers['Qid']!;
    expect(call.headers).toEqual(signedHeaders(call.body, qid, maya));
    expect(call.headers['Sign']).toBe(computeSign('app-key', { body: call.body, qid, appId: 'C66H501', version: '1.0.0', token: 'tok-9' }));
  });

  it('the page’s caller is read from its environment at each call', () => {
    const env = {
      appKey: () => maya.appKey,
      token: () => maya.token,
      language: () => maya.language,
      deviceId: () => maya.deviceId,
      clientTags: () => ({ client: maya.client, platform: maya.platform }),
      container: () => maya.container,
      packageName: () => maya.packageName,
      domainName: () => maya.domainName,
      pathname: () => maya.pathname,
    } as Partial<ApiEnvironment> as ApiEnvironment;
    expect(callerOf(env)).toEqual(maya);
  });

  it('a path with other than Latin-1 characters goes percent-encoded', () => {
    expect(signedHeaders('{}', 'q', { ...maya, pathname: '/búsqueda' })['pathname']).toBe('/b%C3%BAsqueda');
  });
});
