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

/** A JPEG carrying GPS and camera EXIF, an XMP packet and an ICC profile. */
export async function jpegWithMetadata(width = 640, height = 480): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#2a7' } })
    .withExifMerge({
      IFD0: { Make: 'TestCam', Model: 'Leaky 1', Copyright: 'Someone' },
      IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '13/1 57/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '33/1 47/1 0/1' },
    })
    .withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></x:xmpmeta>')
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
  return sharp({ create: { width, height, channels: 3, background: colour } }).png().toBuffer();
}

/** A multipart/form-data body as a browser would send it, ready for app.inject. */
export async function multipartBody(
  entries: Array<[name: string, value: string] | [name: string, data: Buffer, filename: string, type?: string]>,
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const entry of entries) {
    if (entry.length === 2) form.append(entry[0], entry[1]);
    else form.append(entry[0], new Blob([new Uint8Array(entry[1])], { type: entry[3] ?? 'application/octet-stream' }), entry[2]);
  }
  const response = new Response(form);
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    headers: { 'content-type': response.headers.get('content-type') ?? '' },
  };
}
