import sharp from 'sharp';

/** A real photo-like PNG of one colour with a lighter band, so the server's image pipeline has work to do. */
export async function photo(name: string, colour: string) {
  const band = await sharp({ create: { width: 640, height: 160, channels: 3, background: '#f5f5f4' } })
    .png()
    .toBuffer();
  const buffer = await sharp({ create: { width: 640, height: 800, channels: 3, background: colour } })
    .composite([{ input: band, top: 320, left: 0 }])
    .png()
    .toBuffer();
  return { name, mimeType: 'image/png', buffer };
}
