import type Sharp from 'sharp';

type SharpModule = typeof Sharp;
let loading: Promise<SharpModule> | undefined;

/**
 * sharp (libvips), loaded at its first use rather than before the server listens: a tenth of a second of CPU a
 * restart no longer spends before it is ready (decision 0090).
 *
 * libvips runs each operation on a pool of its own threads (by default one per core) and keeps a cache of recent
 * operations and their pixel buffers. On the small 2-core boxes this runs on, several uploads or resizes at once
 * would each fan out over every core and the cache would hold decoded pixels long after the response went out.
 * One libvips thread per operation and no operation cache keep memory proportional to the work in flight; the
 * upload queue (upload.ts) bounds how much work that is, so that uploads never hold more than two of libuv's four
 * threads and logins (scrypt) still find one.
 */
export function loadSharp(): Promise<SharpModule> {
  loading ??= import('sharp').then(({ default: sharp }) => {
    sharp.concurrency(1);
    sharp.cache(false);
    return sharp;
  });
  return loading;
}
