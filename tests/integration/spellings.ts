import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { APP_ID, APP_VERSION } from '../../src/contract/constants';
import { computeSign } from '../../src/contract/sign';
import type { TestServer } from './server';

/**
 * Other ways to write a route's path that a router, a proxy or a URL library might read as the route
 * (issue 30): a percent-encoded letter in the prefix and in the name, an encoded or double-encoded
 * slash, a doubled slash, a `.` and a `..` segment, a trailing slash, and other letter cases. The server
 * must answer each as an address it does not know, before any limit counts it or any handler runs.
 */
export function spellingsOf(path: string): string[] {
  const segments = path.split('/'); // ['', 'api', 'main', 'customer', 'getBalance']
  const encodeFirst = (segment: string) => `%${segment.charCodeAt(0).toString(16).padStart(2, '0').toUpperCase()}${segment.slice(1)}`;
  const withSegment = (index: number, value: string) => segments.map((s, i) => (i === index ? value : s)).join('/');
  const last = segments.length - 1;
  const flipped = [...path].map((c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase())).join('');
  return [
    withSegment(1, encodeFirst(segments[1]!)), // /%61pi/main/…
    withSegment(last, encodeFirst(segments[last]!)), // /api/main/customer/%67etBalance
    withSegment(1, encodeFirst(segments[1]!).replace('%', '%25')), // /%2561pi/… (decoded twice)
    `/${segments[1]}%2F${segments.slice(2).join('/')}`, // /api%2Fmain/…
    `/${path}`, // //api/…
    `/${segments[1]}//${segments.slice(2).join('/')}`, // /api//main/…
    `/${segments[1]}/./${segments.slice(2).join('/')}`, // /api/./main/…
    `/${segments[1]}/x/../${segments.slice(2).join('/')}`, // /api/x/../main/…
    `${path}/`, // trailing slash
    path.toUpperCase(),
    flipped,
  ].filter((spelling) => spelling !== path);
}

export interface RawAnswer {
  status: number;
  text: string;
}

/**
 * A signed POST to `path` written exactly as given (fetch and URL would resolve `.` segments first),
 * with a token, headers and body as the app sends them.
 */
export function postRaw(
  server: Pick<TestServer, 'url' | 'config'>,
  path: string,
  body: unknown = {},
  options: { token?: string; headers?: Record<string, string> } = {},
): Promise<RawAnswer> {
  const text = JSON.stringify(body);
  const qid = randomUUID();
  const token = options.token ?? '';
  const sign = computeSign(server.config.appKey, { body: text, qid, appId: APP_ID, version: APP_VERSION, token });
  const url = new URL(server.url);
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: url.hostname,
        port: url.port,
        path,
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(text),
          Qid: qid,
          AppId: APP_ID,
          token,
          Sign: sign,
          ...options.headers,
        },
      },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
        incoming.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(text);
  });
}
