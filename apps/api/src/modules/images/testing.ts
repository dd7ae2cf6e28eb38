// Inputs for the image tests, made on the machine (no files checked in, no network).
import zlib from 'node:zlib';
import sharp from 'sharp';

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A valid greyscale PNG of side x side pixels, all black: under 2 MB for 20000 x 20000, which would
 * decode to 400 MB. The rows are deflated as a stream, a few hundred at a time, never all in memory.
 */
export async function pngBomb(side = 20_000): Promise<Buffer> {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  const rowsPerWrite = 500;
  const rows = Buffer.alloc((side + 1) * rowsPerWrite); // each row: filter byte + pixels, all zero
  const deflate = zlib.createDeflate({ level: 1 });
  const out: Buffer[] = [];
  deflate.on('data', (d: Buffer) => out.push(d));
  const ended = new Promise<void>((resolve, reject) => {
    deflate.on('end', resolve);
    deflate.on('error', reject);
  });
  for (let y = 0; y < side; y += rowsPerWrite) {
    const chunk = y + rowsPerWrite <= side ? rows : rows.subarray(0, (side + 1) * (side - y));
    if (!deflate.write(chunk)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await ended;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', Buffer.concat(out)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** An Adam7-interlaced 16-bit RGBA PNG: a few hundred KB that libvips must decode whole, 8 bytes a pixel. */
export async function interlaced16BitPng(side: number): Promise<Buffer> {
  return sharp({ create: { width: side, height: side, channels: 4, background: { r: 10, g: 20, b: 30, alpha: 0.5 } } })
    .toColourspace('rgb16')
    .png({ progressive: true })
    .toBuffer();
}

/**
 * A valid GIF89a of `frames` frames of 1 x 1 pixel on a side x side canvas, written by hand: each frame
 * is 23 bytes, so 400,000 frames fit in 9 MB.
 */
export function manyFrameGif(frames: number, side = 16): Buffer {
  const screen = Buffer.alloc(13);
  screen.write('GIF89a', 0, 'latin1');
  screen.writeUInt16LE(side, 6);
  screen.writeUInt16LE(side, 8);
  screen[10] = 0x80; // a global colour table of 2 entries
  const palette = Buffer.from([0, 0, 0, 255, 255, 255]);
  const loop = Buffer.concat([
    Buffer.from([0x21, 0xff, 0x0b]),
    Buffer.from('NETSCAPE2.0', 'latin1'),
    Buffer.from([3, 1, 0, 0, 0]),
  ]);
  const frame = Buffer.from([
    ...[0x21, 0xf9, 4, 0x04, 1, 0, 0, 0], // graphic control: 10 ms, keep the previous frame
    ...[0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0], // image descriptor: 1 x 1 at 0,0
    ...[2, 2, 0x44, 0x01, 0], // LZW (minimum code size 2): one block of 2 bytes, then the end
  ]);
  return Buffer.concat([screen, palette, loop, ...Array.from({ length: frames }, () => frame), Buffer.from([0x3b])]);
}

/** A baseline JPEG the size a 12-megapixel phone camera writes (4000 x 3000). */
export async function phonePhoto(width = 4000, height = 3000): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#7a6' } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** A JPEG carrying GPS and camera EXIF, an XMP packet and an ICC profile. */
export async function jpegWithMetadata(width = 640, height = 480): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#2a7' } })
    .withExifMerge({
      IFD0: { Make: 'TestCam', Model: 'Leaky 1', Copyright: 'Someone' },
      IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '13/1 57/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '33/1 47/1 0/1' },
    })
    .withXmp(
      '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></x:xmpmeta>',
    )
    .withIccProfile('p3')
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** A JPEG stored sideways: width x height pixels with EXIF orientation 6 (display rotated 90 degrees). */
export async function sidewaysJpeg(width = 300, height = 100): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#36c' } })
    .withMetadata({ orientation: 6 })
    .jpeg()
    .toBuffer();
}

export async function plainPng(width: number, height: number, colour = '#c33'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

/** A multipart/form-data body as a browser would send it, ready for app.inject. */
export async function multipartBody(
  entries: Array<[name: string, value: string] | [name: string, data: Buffer, filename: string, type?: string]>,
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const entry of entries) {
    if (entry.length === 2) form.append(entry[0], entry[1]);
    else
      form.append(
        entry[0],
        new Blob([new Uint8Array(entry[1])], { type: entry[3] ?? 'application/octet-stream' }),
        entry[2],
      );
  }
  const response = new Response(form);
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    headers: { 'content-type': response.headers.get('content-type') ?? '' },
  };
}
