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
 * Sends `text` compressed as the request accepts: for answers made in the not-found handler (a drawn first screen,
 * http/first-screen.ts), which the compression plugin's hooks do not reach.
 */
export async function sendCompressed(request: FastifyRequest, reply: FastifyReply, text: string): Promise<void> {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  void reply.header('vary', 'accept-encoding');
  if (/\bbr\b/.test(accepted)) {
    const body = await brotli(text, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } });
    return void reply.header('content-encoding', 'br').send(body);
  }
  if (/\bgzip\b/.test(accepted)) return void reply.header('content-encoding', 'gzip').send(await gzipped(text));
  return void reply.send(text);
}
