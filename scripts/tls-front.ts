// A TLS and HTTP/2 front for a gateway on loopback, as the README's production recipe puts a proxy before the gateway:
// a browser speaks HTTP/2 over TLS to it (one connection, requests multiplexed), and it forwards each request to the
// gateway over HTTP/1.1 unchanged, compression included, adding the forwarding headers as nginx's recipe does
// (X-Forwarded-For appended with the client's address, X-Forwarded-Proto https). For benchmarks and tests only: its
// certificate is self-signed and made for the run, so the browser must be told to accept it (--ignore-certificate-errors).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import http2 from 'node:http2';
import { join } from 'node:path';

export interface TlsFront {
  url: string;
  close: () => Promise<void>;
}

/** Hop-by-hop headers (RFC 9110 §7.6.1), which HTTP/2 forbids and a proxy does not forward. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade']);

function forwarded(headers: http.IncomingHttpHeaders | http2.IncomingHttpHeaders): Record<string, string | string[]> {
  const kept: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !name.startsWith(':') && !HOP_BY_HOP.has(name)) kept[name] = value;
  }
  return kept;
}

/**
 * nginx's `proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for; proxy_set_header X-Forwarded-Proto $scheme;`:
 * the client's address appended to what the client sent (which the gateway believes only up to this hop), the scheme
 * this front was reached by set.
 */
function forwardingHeaders(headers: http2.IncomingHttpHeaders, clientAddress: string | undefined): Record<string, string> {
  const sent = headers['x-forwarded-for'];
  const chain = [...(sent === undefined ? [] : [sent].flat()), clientAddress ?? ''].filter((hop) => hop !== '');
  return { 'x-forwarded-for': chain.join(', '), 'x-forwarded-proto': 'https' };
}

/** A self-signed certificate for 127.0.0.1 in `dir`, made by openssl (Debian's openssl package): the PEMs and their files. */
export function selfSignedCertificate(dir: string): { key: Buffer; cert: Buffer; keyFile: string; certFile: string } {
  const key = join(dir, 'tls-key.pem');
  const cert = join(dir, 'tls-cert.pem');
  const made = spawnSync(
    'openssl',
    ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'],
    { encoding: 'utf8' },
  );
  if (made.error || made.status !== 0) throw new Error(`--https needs openssl to make a certificate: ${made.error?.message ?? made.stderr}`);
  return { key: readFileSync(key), cert: readFileSync(cert), keyFile: key, certFile: cert };
}

/** Starts a front on a free loopback port that forwards to `target` (the gateway's http:// URL). */
export function startTlsFront(target: string, certificateDir: string): Promise<TlsFront> {
  const upstream = new URL(target);
  const { key, cert } = selfSignedCertificate(certificateDir);
  const server = http2.createSecureServer({ key, cert, allowHTTP1: true }, (request, response) => {
    const toGateway = http.request(
      { host: upstream.hostname, port: upstream.port, method: request.method, path: request.url, headers: { ...forwarded(request.headers), ...forwardingHeaders(request.headers, request.socket.remoteAddress), host: upstream.host } },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, forwarded(answer.headers));
        answer.pipe(response);
      },
    );
    toGateway.on('error', () => {
      if (!response.headersSent) response.writeHead(502);
      response.end();
    });
    request.pipe(toGateway);
  });
  return new Promise((started, failed) => {
    server.once('error', failed);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      if (address === null || typeof address === 'string') return failed(new Error('the TLS front has no port'));
      started({ url: `https://127.0.0.1:${address.port}`, close: () => new Promise((closed) => server.close(() => closed())) });
    });
  });
}
