import { loadSharp } from '../../modules/images/index.js';

// Demo pictures drawn on the machine (no network): a device silhouette per category on a soft gradient,
// varied by hue so each product and each gallery image looks different.
const SIZE = 800;

function device(category: string, ink: string): string {
  switch (category) {
    case 'SmartPhones':
      return `<rect x="290" y="140" width="220" height="440" rx="34" fill="${ink}"/><rect x="306" y="176" width="188" height="360" rx="10" fill="#fff" opacity=".85"/><circle cx="400" cy="556" r="10" fill="#fff" opacity=".7"/>`;
    case 'Laptops and Computers':
      return `<rect x="210" y="190" width="380" height="250" rx="16" fill="${ink}"/><rect x="230" y="210" width="340" height="210" rx="6" fill="#fff" opacity=".85"/><path d="M160 460h480l-40 50H200z" fill="${ink}"/>`;
    case 'Gaming Consoles':
      return `<path d="M240 300q160-70 320 0l50 170q10 60-50 50l-70-60H310l-70 60q-60 10-50-50z" fill="${ink}"/><circle cx="320" cy="360" r="26" fill="#fff" opacity=".8"/><circle cx="480" cy="340" r="14" fill="#fff" opacity=".8"/><circle cx="510" cy="375" r="14" fill="#fff" opacity=".8"/>`;
    case 'TVs and Soundbars':
      return `<rect x="150" y="170" width="500" height="300" rx="14" fill="${ink}"/><rect x="168" y="188" width="464" height="264" rx="4" fill="#fff" opacity=".85"/><rect x="330" y="480" width="140" height="16" rx="8" fill="${ink}"/><rect x="220" y="540" width="360" height="40" rx="20" fill="${ink}"/>`;
    case 'Home Appliances':
      return `<rect x="280" y="130" width="240" height="460" rx="22" fill="${ink}"/><rect x="298" y="150" width="204" height="150" rx="8" fill="#fff" opacity=".85"/><rect x="298" y="316" width="204" height="254" rx="8" fill="#fff" opacity=".85"/><rect x="470" y="200" width="12" height="60" rx="6" fill="${ink}"/><rect x="470" y="340" width="12" height="90" rx="6" fill="${ink}"/>`;
    default:
      return `<rect x="230" y="230" width="340" height="240" rx="30" fill="${ink}"/><circle cx="400" cy="350" r="80" fill="#fff" opacity=".85"/><circle cx="400" cy="350" r="46" fill="${ink}"/><rect x="270" y="200" width="90" height="40" rx="10" fill="${ink}"/>`;
  }
}

export async function drawProductPicture(category: string, seed: number, view: number): Promise<Buffer> {
  const hue = (seed * 47 + view * 23) % 360;
  const ink = `hsl(${(hue + 200) % 360} 35% 28%)`;
  const angle = view * 12 - 12;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 800 800">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue} 70% 92%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360} 60% 80%)"/></linearGradient></defs>
<rect width="800" height="800" fill="url(#g)"/><ellipse cx="400" cy="640" rx="260" ry="28" fill="#000" opacity=".08"/>
<g transform="rotate(${angle} 400 380)">${device(category, ink)}</g></svg>`;
  return (await loadSharp())(Buffer.from(svg)).webp({ quality: 80 }).toBuffer();
}

/** Wide carousel pictures (the home page's three slides). */
export async function drawHeroPicture(kind: 'laptops' | 'phones' | 'gaming'): Promise<Buffer> {
  const category = kind === 'laptops' ? 'Laptops and Computers' : kind === 'phones' ? 'SmartPhones' : 'Gaming Consoles';
  const hue = kind === 'laptops' ? 210 : kind === 'phones' ? 160 : 280;
  const ink = `hsl(${hue} 45% 25%)`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="667" viewBox="0 0 1600 667">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="hsl(${hue} 60% 30%)"/><stop offset="1" stop-color="hsl(${(hue + 30) % 360} 65% 55%)"/></linearGradient></defs>
<rect width="1600" height="667" fill="url(#g)"/>
<g transform="translate(600 -40) scale(0.95)">${device(category, ink)}</g>
<g transform="translate(1060 190) scale(0.55)" opacity=".7">${device(kind === 'gaming' ? 'TVs and Soundbars' : 'Other', ink)}</g></svg>`;
  return (await loadSharp())(Buffer.from(svg)).webp({ quality: 80 }).toBuffer();
}
