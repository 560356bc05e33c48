/**
 * A request sent over a raw socket the way a hostile or broken client sends it: the body streamed in
 * chunks as fast as the connection takes them, with or without a Content-Length, possibly never
 * finished or dropped midway. It records how much of the body had been written when the answer
 * arrived and whether the server closed the connection before the body was all sent.
 */
import { connect } from 'node:net';

export interface StreamedRequest {
  port: number;
  path: string;
  headers?: Record<string, string>;
  /** Sent before the filler (form fields and a file part's header, the start of a JSON document). */
  head?: string;
  /** Filler bytes after `head`. */
  fillerBytes: number;
  /** Sent after the filler (a multipart closing boundary). */
  tail?: string;
  /** Announce the body's length; otherwise it is sent chunked. */
  announceLength?: boolean;
  /** Stop sending after this many filler bytes and wait for the answer with the body unfinished (a body that never ends, a stalled upload). */
  stopAfterBytes?: number;
  /** Drop the connection after this many filler bytes: an upload cut off by the client. */
  abortAfterBytes?: number;
  /** How long to wait for an answer once everything was sent. */
  answerTimeoutMs?: number;
}

export interface StreamedAnswer {
  /** Null when no answer came. */
  status: number | null;
  headers: Record<string, string>;
  body: string;
  /** Body bytes written when the answer's head arrived. */
  sentWhenAnswered: number | null;
  /** Body bytes written in all. */
  sent: number;
  /** Bytes the whole body would have had. */
  bodyBytes: number;
  /** The server closed the connection before the whole body was written (not counting our own hang-up). */
  closedBeforeBodyEnd: boolean;
}

const CHUNK = Buffer.alloc(64 * 1024, 'a');

/** A multipart form's text before and after one file: the fields first, as a browser sends them. */
export function multipartEnvelope(fields: Record<string, string>, file: { name: string; type: string; field?: string }) {
  const boundary = `----stream${Math.random().toString(16).slice(2)}`;
  let head = '';
  for (const [name, value] of Object.entries(fields)) head += `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  head += `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`;
  return { head, tail: `\r\n--${boundary}--\r\n`, contentType: `multipart/form-data; boundary=${boundary}` };
}

export function streamRequest(options: StreamedRequest): Promise<StreamedAnswer> {
  const head = Buffer.from(options.head ?? '');
  const tail = Buffer.from(options.tail ?? '');
  const bodyBytes = head.length + options.fillerBytes + tail.length;
  const chunked = !options.announceLength;
  const headers = { host: '127.0.0.1', ...options.headers, ...(chunked ? { 'transfer-encoding': 'chunked' } : { 'content-length': String(bodyBytes) }) };
  const socket = connect(options.port, '127.0.0.1');
  socket.on('error', () => {});

  const answer: StreamedAnswer = { status: null, headers: {}, body: '', sentWhenAnswered: null, sent: 0, bodyBytes, closedBeforeBodyEnd: false };
  let received = Buffer.alloc(0);
  let closed = false;
  let closedByUs = false;
  let allSent = false;
  const hangUp = () => {
    closedByUs = true;
    socket.destroy();
  };
  const whenClosed = new Promise<void>((resolve) =>
    socket.once('close', () => {
      closed = true;
      answer.closedBeforeBodyEnd = !allSent && !closedByUs;
      resolve();
    }),
  );
  let answered: () => void = () => {};
  const whenAnswered = new Promise<void>((resolve) => {
    answered = resolve;
  });
  socket.on('data', (data: Buffer) => {
    received = Buffer.concat([received, data]);
    const end = received.indexOf('\r\n\r\n');
    if (end < 0) return;
    if (answer.status === null) {
      const [statusLine, ...lines] = received.subarray(0, end).toString('latin1').split('\r\n');
      answer.status = Number(statusLine!.split(' ')[1]);
      answer.sentWhenAnswered = answer.sent;
      for (const line of lines) {
        const colon = line.indexOf(':');
        answer.headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
    }
    answer.body = received.subarray(end + 4).toString('utf8');
    if (answer.body.length >= Number(answer.headers['content-length'] ?? 0)) answered();
  });

  const write = (bytes: Buffer): Promise<void> | null => {
    if (closed) return null;
    const framed = chunked ? Buffer.concat([Buffer.from(`${bytes.length.toString(16)}\r\n`), bytes, Buffer.from('\r\n')]) : bytes;
    if (socket.write(framed)) return Promise.resolve();
    return new Promise((resolve) => {
      socket.once('drain', resolve);
      socket.once('close', resolve);
    });
  };

  const send = async () => {
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.write(
      `POST ${options.path} HTTP/1.1\r\n${Object.entries(headers)
        .map(([name, value]) => `${name}: ${value}\r\n`)
        .join('')}\r\n`,
    );
    if (head.length > 0) {
      const written = write(head);
      if (!written) return;
      await written;
    }
    answer.sent = head.length;
    let filler = 0;
    while (filler < options.fillerBytes && !closed) {
      if (options.abortAfterBytes !== undefined && filler >= options.abortAfterBytes) {
        hangUp();
        return;
      }
      if (options.stopAfterBytes !== undefined && filler >= options.stopAfterBytes) return;
      const piece = CHUNK.subarray(0, Math.min(CHUNK.length, options.fillerBytes - filler));
      const written = write(piece);
      if (!written) return;
      filler += piece.length;
      answer.sent += piece.length;
      await written;
    }
    if (closed || options.stopAfterBytes !== undefined) return;
    if (tail.length > 0) await write(tail);
    if (chunked) socket.write('0\r\n\r\n');
    answer.sent = bodyBytes;
    allSent = true;
  };

  return (async () => {
    await send();
    if (!closed && options.abortAfterBytes === undefined) {
      await Promise.race([whenAnswered, whenClosed, new Promise((resolve) => setTimeout(resolve, options.answerTimeoutMs ?? 5000))]);
    }
    if (!closed) hangUp();
    await whenClosed;
    return answer;
  })();
}
