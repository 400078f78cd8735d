// Compressed answers (the contract's "Compression"): JSON and text of 1 KB or more leave brotli- or gzip-compressed
// when the client accepts it. The web app's built files are compressed once at build (scripts/precompress.ts) and
// @fastify/static serves those (http/web.ts); this compresses what is made per request.
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Smaller answers gain less than the compression costs. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/** JSON and text; anything else (PDF, spreadsheets, images, octet-stream) is already compressed or not worth it. */
const COMPRESSIBLE = /^(?:application\/(?:[\w.-]+\+)?json|text\/[\w.+-]+|image\/svg\+xml)\s*(?:;|$)/i;

export async function registerCompression(app: FastifyInstance): Promise<void> {
  // Before the plugin's own hook, which leaves an answer that already has a Content-Encoding as it is.
  app.addHook('onSend', compressLargeAnswer);
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: COMPRESSION_THRESHOLD_BYTES,
    customTypes: COMPRESSIBLE,
    // Request bodies are read as sent: a compressed body could expand past the body limit.
    globalDecompression: false,
  });
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);
/** Brotli's quality for text made per request: near its best ratio on HTML at a small part of quality 11's time. */
const BROTLI_QUALITY = 5;

/**
 * From this length on, JSON is compressed at the fastest setting: a report page of 10,000 remittances (8.7 MB) took
 * 130 ms at the plugin's brotli quality 4 or gzip level 6 and takes about 20 ms at quality or level 1, and still
 * leaves about 15 times smaller (docs/benchmarks.md, "The 1,000,000-row export").
 */
export const LARGE_ANSWER_CHARS = 1 << 20;
const FASTEST_BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 1, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } };
const FASTEST_GZIP = { level: 1 };

type Encoding = 'br' | 'gzip';

/**
 * The encoding an Accept-Encoding header asks for (RFC 9110 §12.5.3): the one of higher weight, brotli at equal
 * weight; `*` stands for a coding it does not name, `x-gzip` for gzip; null when neither is acceptable.
 */
export function acceptedEncoding(header: string | string[] | undefined): Encoding | null {
  const weights = new Map<string, number>();
  for (const item of (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',')) {
    const [name = '', ...parameters] = item.split(';').map((part) => part.trim().toLowerCase());
    if (name === '') continue;
    const q = parameters.find((parameter) => parameter.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(name === 'x-gzip' ? 'gzip' : name, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (encoding: Encoding) => weights.get(encoding) ?? weights.get('*') ?? 0;
  const [br, gzip] = [weightOf('br'), weightOf('gzip')];
  if (br <= 0 && gzip <= 0) return null;
  return br >= gzip ? 'br' : 'gzip';
}

function varyOnEncoding(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  const named = (Array.isArray(vary) ? vary.join(',') : String(vary ?? '')).toLowerCase();
  if (!named.includes('accept-encoding')) void reply.header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding');
}

/** A JSON answer of LARGE_ANSWER_CHARS or more, compressed here at the fastest setting; any other is the plugin's. */
async function compressLargeAnswer(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
  if (typeof payload !== 'string' || payload.length < LARGE_ANSWER_CHARS) return payload;
  if (reply.hasHeader('content-encoding') || request.headers['x-no-compression'] !== undefined) return payload;
  if (!COMPRESSIBLE.test(String(reply.getHeader('content-type') ?? 'application/json'))) return payload;
  const encoding = acceptedEncoding(request.headers['accept-encoding']);
  if (encoding === null) return payload;
  const body = encoding === 'br' ? await brotli(payload, FASTEST_BROTLI) : await gzipped(payload, FASTEST_GZIP);
  varyOnEncoding(reply);
  void reply.header('content-encoding', encoding);
  return body;
}

/**
 * Sends `text` compressed as the request accepts: for answers made in the not-found handler (a drawn first screen,
 * http/first-screen.ts), which the compression plugin's hooks do not reach.
 */
export async function sendCompressed(request: FastifyRequest, reply: FastifyReply, text: string): Promise<void> {
  const encoding = acceptedEncoding(request.headers['accept-encoding']);
  varyOnEncoding(reply);
  if (encoding === 'br') {
    const body = await brotli(text, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } });
    return void reply.header('content-encoding', 'br').send(body);
  }
  if (encoding === 'gzip') return void reply.header('content-encoding', 'gzip').send(await gzipped(text));
  return void reply.send(text);
}
