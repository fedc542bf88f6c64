/**
 * The STOMP 1.2 frame codec (https://stomp.github.io/stomp-specification-1.2.html#STOMP_Frames):
 * command EOL, header lines, a blank line, the body, NUL; EOLs between frames are heart-beats.
 * Works on bytes, because content-length counts octets and a body may hold NUL when it is given.
 */

export const STOMP_COMMANDS = [
  'CONNECT',
  'STOMP',
  'CONNECTED',
  'SEND',
  'SUBSCRIBE',
  'UNSUBSCRIBE',
  'ACK',
  'NACK',
  'BEGIN',
  'COMMIT',
  'ABORT',
  'DISCONNECT',
  'MESSAGE',
  'RECEIPT',
  'ERROR',
] as const;
export type StompCommand = (typeof STOMP_COMMANDS)[number];

export interface StompFrame {
  command: StompCommand;
  /** Header names as sent; a repeated header keeps its first value (spec "Repeated Header Entries"). */
  headers: Record<string, string>;
  body: string;
}

/** Input that is not a STOMP 1.2 frame; the message is safe to show the client. */
export class FrameError extends Error {
  override name = 'FrameError';
}

const LF = 0x0a;
const CR = 0x0d;
const NUL = 0x00;
const COMMANDS = new Set<string>(STOMP_COMMANDS);
const WITH_BODY = new Set<StompCommand>(['SEND', 'MESSAGE', 'ERROR']);

/** CONNECT and CONNECTED keep STOMP 1.0's raw header values (spec "Value Encoding"). */
function escapes(command: StompCommand): boolean {
  return command !== 'CONNECT' && command !== 'CONNECTED';
}

export function escapeHeader(value: string): string {
  return value.replace(/[\\\r\n:]/g, (char) => (char === '\\' ? '\\\\' : char === '\r' ? '\\r' : char === '\n' ? '\\n' : '\\c'));
}

function unescapeHeader(value: string): string {
  return value.replace(/\\(.?)/gs, (_match, next: string) => {
    switch (next) {
      case 'r':
        return '\r';
      case 'n':
        return '\n';
      case 'c':
        return ':';
      case '\\':
        return '\\';
      default:
        // The spec makes an undefined escape a fatal protocol error.
        throw new FrameError(`Undefined escape sequence "\\${next}" in a header`);
    }
  });
}

/** The header lines of a frame (each ending with LF), escaped when the command requires it. */
export function encodeHeaders(command: StompCommand, headers: Record<string, string>): string {
  const escape = escapes(command);
  let lines = '';
  for (const [name, value] of Object.entries(headers)) {
    lines += escape ? `${escapeHeader(name)}:${escapeHeader(value)}\n` : `${name}:${value}\n`;
  }
  return lines;
}

/** One frame as bytes; a body gets its content-length so it may contain NUL. */
export function encodeFrame(command: StompCommand, headers: Record<string, string> = {}, body = ''): Buffer {
  const bodyBytes = Buffer.from(body, 'utf8');
  const all = bodyBytes.length > 0 ? { ...headers, 'content-length': String(bodyBytes.length) } : headers;
  const head = Buffer.from(`${command}\n${encodeHeaders(command, all)}\n`, 'utf8');
  return Buffer.concat([head, bodyBytes, Buffer.from([NUL])]);
}

function lineText(bytes: Buffer, start: number, end: number): string {
  const stop = end > start && bytes[end - 1] === CR ? end - 1 : end;
  return bytes.toString('utf8', start, stop);
}

type Parsed = { frame: StompFrame; next: number } | 'incomplete';

function parseOne(bytes: Buffer, start: number, maxFrameBytes: number): Parsed {
  let lineEnd = bytes.indexOf(LF, start);
  if (lineEnd === -1) return 'incomplete';
  const commandText = lineText(bytes, start, lineEnd);
  if (!COMMANDS.has(commandText)) throw new FrameError(`Unknown command "${commandText.slice(0, 40)}"`);
  const command = commandText as StompCommand;
  const escape = escapes(command);

  const headers: Record<string, string> = {};
  for (;;) {
    const lineStart = lineEnd + 1;
    lineEnd = bytes.indexOf(LF, lineStart);
    if (lineEnd === -1) return 'incomplete';
    const line = lineText(bytes, lineStart, lineEnd);
    if (line === '') break;
    if (line.includes('\0')) throw new FrameError(`${command} frame ended inside its headers`);
    const colon = line.indexOf(':');
    if (colon <= 0) throw new FrameError(`Malformed header line "${line.slice(0, 40)}"`);
    const name = escape ? unescapeHeader(line.slice(0, colon)) : line.slice(0, colon);
    const value = escape ? unescapeHeader(line.slice(colon + 1)) : line.slice(colon + 1);
    if (!(name in headers)) headers[name] = value;
  }

  const bodyStart = lineEnd + 1;
  let bodyEnd: number;
  const length = headers['content-length'];
  if (length !== undefined) {
    if (!/^\d{1,10}$/.test(length)) throw new FrameError(`Invalid content-length "${length.slice(0, 20)}"`);
    bodyEnd = bodyStart + Number(length);
    if (bodyEnd - start > maxFrameBytes) throw new FrameError(`Frame larger than ${maxFrameBytes} bytes`);
    if (bytes.length <= bodyEnd) return 'incomplete';
    if (bytes[bodyEnd] !== NUL) throw new FrameError('Frame body is not followed by NUL after content-length octets');
  } else {
    bodyEnd = bytes.indexOf(NUL, bodyStart);
    if (bodyEnd === -1) return 'incomplete';
  }
  if (bodyEnd > bodyStart && !WITH_BODY.has(command)) throw new FrameError(`${command} frames must not have a body`);
  return { frame: { command, headers, body: bytes.toString('utf8', bodyStart, bodyEnd) }, next: bodyEnd + 1 };
}

/**
 * Reads the frames of one connection. WebSocket messages normally hold whole frames, several at once at
 * most; a frame split across messages is kept until it completes, up to `maxFrameBytes`.
 */
export class FrameReader {
  private pending: Buffer = Buffer.alloc(0);

  constructor(private readonly maxFrameBytes = 65_536) {}

  /** The frames completed by this chunk, in order; throws a FrameError on malformed input. */
  push(chunk: Buffer | string): StompFrame[] {
    const data = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
    const bytes = this.pending.length > 0 ? Buffer.concat([this.pending, data]) : data;
    const frames: StompFrame[] = [];
    let position = 0;
    for (;;) {
      // Heart-beats: EOLs before a frame (a lone trailing CR waits for its LF).
      while (position < bytes.length) {
        if (bytes[position] === LF) position += 1;
        else if (bytes[position] === CR && bytes[position + 1] === LF) position += 2;
        else break;
      }
      if (position >= bytes.length || (position === bytes.length - 1 && bytes[position] === CR)) break;
      const parsed = parseOne(bytes, position, this.maxFrameBytes);
      if (parsed === 'incomplete') break;
      frames.push(parsed.frame);
      position = parsed.next;
    }
    this.pending = bytes.subarray(position);
    if (this.pending.length > this.maxFrameBytes) throw new FrameError(`Frame larger than ${this.maxFrameBytes} bytes`);
    return frames;
  }

  /** Bytes of an unfinished frame. */
  get buffered(): number {
    return this.pending.length;
  }
}

/** Every frame in one complete text, for tests and tools; an unfinished frame is an error. */
export function parseFrames(text: Buffer | string, maxFrameBytes?: number): StompFrame[] {
  const reader = new FrameReader(maxFrameBytes);
  const frames = reader.push(text);
  if (reader.buffered > 0) throw new FrameError('Unfinished frame (missing NUL terminator)');
  return frames;
}
