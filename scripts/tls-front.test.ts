// The TLS and HTTP/2 front bench:web --https measures through: what it forwards, what it leaves out, and a gateway down.
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import http2 from 'node:http2';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTlsFront, type TlsFront } from './tls-front.ts';

interface Answer {
  status: number;
  headers: http2.IncomingHttpHeaders;
  body: string;
}

/** One request over HTTP/2 and TLS, trusting the front's self-signed certificate. */
async function get(url: string, path: string, headers: http2.OutgoingHttpHeaders = {}): Promise<Answer> {
  const session = http2.connect(url, { rejectUnauthorized: false });
  try {
    return await new Promise<Answer>((done, failed) => {
      const stream = session.request({ ':path': path, ...headers });
      let status = 0;
      let received: http2.IncomingHttpHeaders = {};
      let body = '';
      stream.on('response', (answer) => {
        status = Number(answer[':status']);
        received = answer;
      });
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => void (body += chunk));
      stream.on('end', () => done({ status, headers: received, body }));
      stream.on('error', failed);
    });
  } finally {
    session.close();
  }
}

describe('the TLS front (bench:web --https)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tls-front-'));
  const seen: http.IncomingMessage[] = [];
  const gateway = http.createServer((request, response) => {
    seen.push(request);
    response.writeHead(201, { 'content-type': 'text/plain', 'content-encoding': 'identity', 'x-request-id': 'r-1', connection: 'keep-alive' });
    response.end(`${request.method} ${request.url}`);
  });
  let gatewayUrl = '';
  let front: TlsFront;

  beforeAll(async () => {
    await new Promise<void>((listening) => gateway.listen(0, '127.0.0.1', listening));
    gatewayUrl = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}`;
    front = await startTlsFront(gatewayUrl, dir);
  });

  afterAll(async () => {
    await front.close();
    await new Promise((closed) => gateway.close(closed));
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves HTTP/2 over TLS and forwards the request and the answer unchanged, less hop-by-hop headers', async () => {
    expect(front.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    const answer = await get(front.url, '/wallet/users?page=2', { 'accept-encoding': 'br, gzip' });
    expect(answer).toMatchObject({ status: 201, body: 'GET /wallet/users?page=2' });
    expect(answer.headers['x-request-id']).toBe('r-1');
    expect(answer.headers['content-encoding']).toBe('identity');
    expect(answer.headers.connection).toBeUndefined();
    const request = seen.at(-1);
    expect(request?.headers['accept-encoding']).toBe('br, gzip');
    expect(request?.headers.host).toBe(new URL(gatewayUrl).host);
  });

  it('appends the client address to X-Forwarded-For and sets X-Forwarded-Proto to https, as nginx does', async () => {
    await get(front.url, '/', { 'x-forwarded-for': '198.51.100.1', 'x-forwarded-proto': 'http' });
    const forwardedBy = seen.at(-1)?.headers;
    expect(forwardedBy?.['x-forwarded-for']).toBe('198.51.100.1, 127.0.0.1');
    expect(forwardedBy?.['x-forwarded-proto']).toBe('https');
    await get(front.url, '/');
    expect(seen.at(-1)?.headers['x-forwarded-for']).toBe('127.0.0.1');
  });

  it('answers 502 when the gateway does not answer', async () => {
    const deadGateway = await startTlsFront('http://127.0.0.1:9', dir);
    try {
      expect((await get(deadGateway.url, '/')).status).toBe(502);
    } finally {
      await deadGateway.close();
    }
  });
});
