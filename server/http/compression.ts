// Compressed answers (the contract's "Compression"): JSON and text of 1 KB or more leave brotli- or gzip-compressed
// when the client accepts it. The web app's built files are compressed once at build (scripts/precompress.ts) and
// @fastify/static serves those (http/web.ts); this compresses what is made per request.
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

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
