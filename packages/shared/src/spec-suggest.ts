// Brand, storage and memory guessed from an item's name and description (docs/decisions/0069): a
// suggestion the product forms prefill and staff correct. Zod-free and pure.

export interface SpecSuggestion {
  brand: string | null;
  storage_gb: number | null;
  ram_gb: number | null;
}

/** Brands sold in Malawi's second-hand shops, each with the model names that give it away. */
const BRANDS: readonly (readonly [brand: string, own: string, ...models: string[]])[] = [
  ['Samsung', 'samsung', 'galaxy'],
  ['Apple', 'apple', 'iphone', 'ipad', 'macbook', 'imac', 'airpods'],
  ['Tecno', 'tecno', 'camon', 'pova', 'phantom'],
  ['Infinix', 'infinix'],
  ['Itel', 'itel'],
  ['Huawei', 'huawei', 'mate', 'nova'],
  ['Xiaomi', 'xiaomi', 'redmi', 'poco', 'mi'],
  ['Oppo', 'oppo'],
  ['Vivo', 'vivo'],
  ['Nokia', 'nokia'],
  ['Motorola', 'motorola', 'moto'],
  ['Google', 'google', 'pixel'],
  ['OnePlus', 'oneplus'],
  ['HP', 'hp', 'elitebook', 'probook', 'pavilion', 'envy', 'omen'],
  ['Dell', 'dell', 'latitude', 'inspiron', 'xps', 'vostro', 'optiplex'],
  ['Lenovo', 'lenovo', 'thinkpad', 'ideapad', 'yoga', 'thinkcentre'],
  ['Asus', 'asus', 'vivobook', 'zenbook'],
  ['Acer', 'acer', 'aspire'],
  ['Toshiba', 'toshiba'],
  ['Sony', 'sony', 'playstation', 'ps3', 'ps4', 'ps5', 'bravia', 'xperia'],
  ['Microsoft', 'microsoft', 'xbox', 'surface'],
  ['Nintendo', 'nintendo'],
  ['LG', 'lg'],
  ['Hisense', 'hisense'],
  ['TCL', 'tcl'],
  ['JBL', 'jbl'],
  ['Canon', 'canon'],
  ['Nikon', 'nikon'],
];

/** Model words that are also everyday words ("mate", "yoga"...): they count only in the name. */
const NAME_ONLY = new Set(['mate', 'nova', 'mi', 'yoga', 'surface', 'envy']);

/** The brand a text names: an own name first ("Samsung"), else the earliest model word ("Galaxy"). */
function brandIn(name: string, description: string): string | null {
  const words = (text: string): string[] => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const inName = words(name);
  const inAll = [...inName, ...words(description)];
  for (const [brand, own] of BRANDS) if (inAll.includes(own)) return brand;
  const found = BRANDS.flatMap(([brand, , ...models]) =>
    models.map((model) => ({ brand, at: NAME_ONLY.has(model) ? inName.indexOf(model) : inAll.indexOf(model) })),
  ).filter((f) => f.at >= 0);
  return found.sort((a, b) => a.at - b.at)[0]?.brand ?? null;
}

/** A size as written: "128GB", "1 TB", "1.5TB" in whole GB. */
const SIZE = String.raw`(\d{1,4}(?:\.\d{1,2})?)\s*(gb|tb)\b`;
const gbOf = (amount: string, unit: string) => Math.round(Number(amount) * (unit.toLowerCase() === 'tb' ? 1024 : 1));

/** Words after (or just before) a size that say which it is. */
const RAM_AFTER = /^\s*(?:of\s+)?(?:ram|memory|ddr\d?|lpddr\d?x?)\b/i;
const RAM_BEFORE = /\b(?:ram|memory)\s*[:=-]?\s*$/i;
const STORAGE_AFTER = /^\s*(?:of\s+)?(?:ssd|hdd|hard\s*(?:disk|drive)|storage|rom|emmc|nvme|internal|flash)\b/i;
const STORAGE_BEFORE = /\b(?:ssd|hdd|storage|rom)\s*[:=-]?\s*$/i;

/**
 * Storage and memory in the text. A size labelled RAM or memory is memory, one labelled SSD, storage,
 * ROM... is storage; "8/128GB" or "4GB+64GB" is memory then storage. Of sizes without a label, two
 * are memory and storage (the smaller is memory); one alone is storage when 16 GB or more, else
 * unknown: a lone "8GB" could be either, and a wrong guess would file a laptop under the wrong filter.
 */
function sizesIn(text: string): Pick<SpecSuggestion, 'storage_gb' | 'ram_gb'> {
  let ram: number | null = null;
  let storage: number | null = null;
  const pair = new RegExp(String.raw`\b(\d{1,2})\s*(?:gb)?\s*[/+]\s*${SIZE}`, 'i').exec(text);
  if (pair) {
    const [first, second] = [Number(pair[1]), gbOf(pair[2]!, pair[3]!)];
    if (first < second) [ram, storage] = [first, second];
  }
  const unlabelled: number[] = [];
  for (const match of text.matchAll(new RegExp(String.raw`(?<![\d.])${SIZE}`, 'gi'))) {
    if (pair && match.index >= pair.index && match.index < pair.index + pair[0].length) continue;
    const gb = gbOf(match[1]!, match[2]!);
    if (gb < 1) continue;
    const before = text.slice(Math.max(0, match.index - 12), match.index);
    const after = text.slice(match.index + match[0].length, match.index + match[0].length + 24);
    if (RAM_AFTER.test(after) || RAM_BEFORE.test(before)) ram ??= gb;
    else if (STORAGE_AFTER.test(after) || STORAGE_BEFORE.test(before)) storage ??= gb;
    else unlabelled.push(gb);
  }
  if (storage === null && ram === null && unlabelled.length >= 2) {
    const [a, b] = unlabelled as [number, number];
    if (a !== b) [ram, storage] = [Math.min(a, b), Math.max(a, b)];
  } else if (storage === null && unlabelled.length > 0) {
    const left = unlabelled.filter((gb) => gb !== ram);
    if (left.length > 0 && (ram !== null || left[0]! >= 16)) storage = Math.max(...left);
  } else if (ram === null && storage !== null) {
    const small = unlabelled.filter((gb) => gb < storage!);
    if (small.length === 1) ram = small[0]!;
  }
  return { storage_gb: storage, ram_gb: ram };
}

/** What an item's name (and description, less trusted) says of its brand, storage and memory. */
export function suggestSpecs(name: string, description = ''): SpecSuggestion {
  const named = sizesIn(name);
  const described = sizesIn(description);
  return {
    brand: brandIn(name, description),
    // The name is the item; a description may mention other sizes ("upgradable to 32GB").
    storage_gb: named.storage_gb ?? described.storage_gb,
    ram_gb: named.ram_gb ?? described.ram_gb,
  };
}
