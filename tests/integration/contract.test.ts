import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { CallError } from '../../server/lib/errors';
import { siteInfoSchema, siteMaintenanceSchema } from '../../src/contract/site';
import { DEFAULT_SITE_SETTINGS } from '../../server/modules/site/settings';
import { type TestServer, startServer } from './server';

let server: TestServer;

beforeAll(async () => {
  server = await startServer({}, (app) => {
    app.call({
      prefix: 'main',
      name: 'test/explode',
      auth: 'public',
      body: z.object({}),
      handler: () => {
        throw new Error('database password is hunter2');
      },
    });
    app.call({
      prefix: 'tp',
      name: 'test/refuse',
      auth: 'public',
      body: z.object({}),
      handler: () => {
        throw new CallError('GW_123456', 'Market Closed', 409);
      },
    });
  });
});

afterAll(async () => {
  await server.close();
});

function writeSettings(settings: unknown) {
  const file = join(server.config.dataDir, 'site.json');
  writeFileSync(file, typeof settings === 'string' ? settings : JSON.stringify(settings));
}

describe('front/siteinfo and front/siteMaintenance', () => {
  it('answers site information from the settings file, in the code/msg/data envelope', async () => {
    const response = await server.post('front', 'front/siteinfo');
    expect(response.status).toBe(200);
    const body = (await response.json()) as { code: number; data: unknown };
    expect(body.code).toBe(0);
    const info = siteInfoSchema.parse(body.data);
    expect(info).toMatchObject({ pagcorVersion: false, gameList: 1, kycDays: 7, clientIp: '127.0.0.1' });
  });

  it('follows an edit of the settings file', async () => {
    writeSettings({ ...DEFAULT_SITE_SETTINGS, pagcorVersion: true, gameList: 5 });
    await new Promise((r) => setTimeout(r, 20));
    const body = (await (await server.post('front', 'front/siteinfo')).json()) as { data: { pagcorVersion: boolean; gameList: number } };
    expect(body.data).toMatchObject({ pagcorVersion: true, gameList: 5 });
  });

  it('keeps the last good settings when the file is broken', async () => {
    writeSettings('{ this is not json');
    await new Promise((r) => setTimeout(r, 20));
    const body = (await (await server.post('front', 'front/siteinfo')).json()) as { data: { pagcorVersion: boolean } };
    expect(body.data.pagcorVersion).toBe(true);
    writeSettings(DEFAULT_SITE_SETTINGS);
  });

  it('answers maintenance with the APH5 image entry', async () => {
    writeSettings({
      ...DEFAULT_SITE_SETTINGS,
      maintenance: { on: true, message: 'Back soon', endTime: '2026-11-21T02:00:00+08:00', imageUrl: '/m.png' },
    });
    await new Promise((r) => setTimeout(r, 20));
    const body = (await (await server.post('front', 'front/siteMaintenance')).json()) as { data: unknown };
    expect(siteMaintenanceSchema.parse(body.data)).toEqual({
      maintenance: true,
      message: 'Back soon',
      endTime: '2026-11-21T02:00:00+08:00',
      entries: [{ code: 'APH5', imageUrl: '/m.png' }],
    });
    writeSettings(DEFAULT_SITE_SETTINGS);
  });
});

describe('the Sign header', () => {
  it('refuses a call without a Sign', async () => {
    const response = await server.post('front', 'front/siteinfo', {}, { sign: '' });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'GW_800401' });
  });

  it('refuses a tampered body with a clear code and message', async () => {
    const good = await server.post('main', 'customer/pvUvStatistics', { type: 59, event: 'x' });
    expect(good.status).toBe(200);
    // Sign one body, send another.
    const { computeSign } = await import('../../src/contract/sign');
    const sign = computeSign(server.config.appKey, {
      body: '{"type":59,"event":"x"}',
      qid: 'q',
      appId: 'C66H501',
      version: '1.0.0',
      token: '',
    });
    const tampered = await server.post('main', 'customer/pvUvStatistics', {}, { rawBody: '{"type":60,"event":"x"}', sign });
    expect(tampered.status).toBe(400);
    const body = (await tampered.json()) as { head: { errCode: string; errMsg: string } };
    expect(body.head.errCode).toBe('GW_800401');
    expect(body.head.errMsg).toMatch(/signature/i);
  });

  it('refuses a Sign made with another key', async () => {
    const { computeSign } = await import('../../src/contract/sign');
    const sign = computeSign('someone-else', { body: '{}', qid: 'q', appId: 'C66H501', version: '1.0.0', token: '' });
    const response = await server.post('front', 'front/siteinfo', {}, { sign });
    expect(response.status).toBe(400);
  });
});

describe('errors', () => {
  it('answers an unknown call with GW_800404 in the prefix’s envelope', async () => {
    const main = await server.post('main', 'no/such/call');
    expect(main.status).toBe(404);
    expect(await main.json()).toMatchObject({ head: { errCode: 'GW_800404' } });
    const front = await server.post('front', 'no/such/call');
    expect(await front.json()).toMatchObject({ code: 'GW_800404' });
  });

  it('answers a body that is not JSON with GW_800400', async () => {
    const response = await server.post('main', 'customer/pvUvStatistics', {}, { rawBody: '{"type":' });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ head: { errCode: 'GW_800400' } });
  });

  it('words a refusal for the player, never in the validator words', async () => {
    const response = await server.post('main', 'customer/pvUvStatistics', { type: 12, event: 'x' });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { head: { errCode: string; errMsg: string } };
    expect(body.head.errCode).toBe('GW_800400');
    expect(body.head.errMsg).toBe('Some of the details sent are not valid. Please check them and try again.');
  });

  it('answers a bogus login ticket in the address as an expired link, not with validation details', async () => {
    const response = await server.post('main', 'getH5TokenByTempTicket', { ticket: 'x' });
    const body = (await response.json()) as { head: { errCode: string; errMsg: string } };
    expect(body.head.errMsg).toBe('This link has expired. Please open Panalo again from the partner app.');
    expect(body.head.errMsg).not.toMatch(/Too small|expected|>=/);
  });

  it('refuses a deeply nested body with GW_800400 and stays up', async () => {
    const deep = `{"bets":${'['.repeat(50_000)}${']'.repeat(50_000)}}`;
    const response = await server.post('main', 'customer/pvUvStatistics', {}, { rawBody: deep });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ head: { errCode: 'GW_800400' } });
    // A string full of brackets is not nesting.
    const text = JSON.stringify({ type: 1, event: '['.repeat(1_000) });
    expect((await server.post('main', 'customer/pvUvStatistics', {}, { rawBody: text })).status).not.toBe(500);
  });

  it('answers a refusal with its own code, message and status', async () => {
    const response = await server.post('tp', 'test/refuse');
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ code: 'GW_123456', msg: 'Market Closed', data: null });
  });

  it('never shows a stack trace or internals: GW_800500 with a reference', async () => {
    const response = await server.post('main', 'test/explode');
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(text).not.toContain('hunter2');
    expect(text).not.toContain('at ');
    expect(JSON.parse(text)).toMatchObject({ head: { errCode: 'GW_800500' } });
  });

  it('answers GET on a call with 405 and a code', async () => {
    const response = await fetch(`${server.url}/api/main/customer/getBalance`);
    expect(response.status).toBe(405);
    expect(await response.json()).toMatchObject({ head: { errCode: 'GW_800404' } });
  });
});

describe('development pages', () => {
  it('shows the SMS outbox outside production mode, and not in production', async () => {
    const dev = await fetch(`${server.url}/dev/outbox`);
    expect(await dev.text()).toContain('Development outbox');
    const production = await startServer({ production: true });
    try {
      expect(await (await fetch(`${production.url}/dev/outbox`)).text()).not.toContain('Development outbox');
    } finally {
      await production.close();
    }
  });
});

describe('first start', () => {
  it('writes its development secrets and site settings into the data folder, not the repository', async () => {
    const { existsSync, statSync } = await import('node:fs');
    expect(existsSync(join(server.config.dataDir, 'secrets.json'))).toBe(true);
    expect(statSync(join(server.config.dataDir, 'secrets.json')).mode & 0o077).toBe(0);
    expect(existsSync(join(server.config.dataDir, 'site.json'))).toBe(true);
  });
});
