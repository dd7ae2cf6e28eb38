// Made-up but realistic second-hand listings for the bench's large catalogues: brands and models people
// sell in Malawi, so a search for "samsung" matches a realistic share (about 15%) of the catalogue and
// names share words ("Galaxy", "HP", "Pro") the way real listings do. Deterministic: the same n-th
// product every run, so runs compare.
import { seededRandom } from '../tools/loopback.mjs';

const pick = (random, list) => list[Math.floor(random() * list.length)];

// Per demo category: weight, name patterns and price range (MWK).
const FAMILIES = [
  {
    category: 'SmartPhones',
    weight: 34,
    price: [60_000, 1_400_000],
    names: [
      [
        'Samsung Galaxy',
        ['A04', 'A14', 'A14 5G', 'A24', 'A34', 'A54', 'S10', 'S20 FE', 'S21', 'S22 Ultra', 'Note 10', 'Z Flip 3'],
      ],
      ['iPhone', ['7', '8 Plus', 'X', 'XR', '11', '11 Pro', '12', '12 mini', '13', '13 Pro Max', '14']],
      ['Tecno', ['Spark 8', 'Spark 10 Pro', 'Camon 19', 'Camon 20', 'Pova 5', 'Pop 7']],
      ['Infinix', ['Hot 12', 'Hot 30i', 'Note 12', 'Smart 7', 'Zero 20']],
      ['itel', ['A60', 'P40', 'S23']],
      ['Xiaomi Redmi', ['9A', 'Note 11', 'Note 12', '12C']],
      ['Huawei', ['P30 Lite', 'Y9 Prime', 'Nova 9']],
      ['Google Pixel', ['4a', '6a', '7']],
      ['Nokia', ['G21', 'C21 Plus', '105']],
    ],
    storage: ['32GB', '64GB', '128GB', '256GB'],
    extras: [
      'dual SIM',
      'unlocked for Airtel and TNM',
      'battery health 86%',
      'no scratches on the screen',
      'comes with charger and case',
      'original box included',
    ],
  },
  {
    category: 'Laptops and Computers',
    weight: 22,
    price: [120_000, 1_800_000],
    names: [
      ['HP', ['laptop 250 G8', 'EliteBook 840 G5', 'ProBook 450 G7', 'Pavilion 15', 'Chromebook 14', '22" monitor']],
      ['Dell', ['Latitude 5490', 'Latitude 7480', 'Inspiron 15', 'OptiPlex desktop', 'Vostro 3500']],
      ['Lenovo', ['ThinkPad T480', 'ThinkPad X260', 'IdeaPad 3', 'ThinkCentre desktop']],
      ['Apple MacBook', ['Air M1', 'Air 2017', 'Pro 13" 2019']],
      ['Acer', ['Aspire 3', 'Aspire 5', 'Swift 3']],
      ['Samsung', ['Galaxy Book2', 'Chromebook 4', '24" curved monitor']],
      ['Asus', ['VivoBook 15', 'ZenBook 14']],
    ],
    storage: ['128GB SSD', '256GB SSD', '500GB HDD', '512GB SSD', '1TB HDD'],
    extras: [
      'Core i5, 8GB RAM',
      'Core i7, 16GB RAM',
      'Windows 11 Pro',
      'battery lasts four hours',
      'charger included',
      'good for school and office work',
    ],
  },
  {
    category: 'Gaming Consoles',
    weight: 8,
    price: [90_000, 1_100_000],
    names: [
      ['PlayStation', ['4 Slim', '4 Pro', '5 Digital Edition', '5 with disc drive', '3 Super Slim']],
      ['Xbox', ['One S', 'One X', 'Series S', 'Series X']],
      ['Nintendo', ['Switch', 'Switch Lite', 'Switch OLED']],
    ],
    storage: ['500GB', '1TB', '825GB'],
    extras: ['two controllers', 'FIFA 23 included', 'recently cleaned', 'HDMI and power cables', 'runs quietly'],
  },
  {
    category: 'TVs and Soundbars',
    weight: 14,
    price: [70_000, 2_200_000],
    names: [
      ['Samsung', ['32" smart TV', '43" Crystal UHD TV', '55" 4K Crystal UHD TV', '65" QLED TV', 'soundbar HW-T450']],
      ['Hisense', ['32" HD TV', '43" smart TV', '50" 4K smart TV']],
      ['LG', ['43" smart TV', '55" OLED TV', '2.1 soundbar SN4']],
      ['TCL', ['32" Android TV', '43" 4K TV']],
      ['Sony', ['Bravia 43"', 'Bluetooth speaker SRS-XB33']],
      ['JBL', ['Flip 5 speaker', 'PartyBox 110']],
    ],
    storage: [],
    extras: [
      'remote works',
      'wall bracket included',
      'no dead pixels',
      'Netflix and YouTube',
      'three HDMI ports',
      'deep bass',
    ],
  },
  {
    category: 'Home Appliances',
    weight: 12,
    price: [25_000, 1_200_000],
    names: [
      ['Hisense', ['205L double door fridge', '120L chest freezer', '7kg washing machine']],
      ['Samsung', ['fridge 253L', 'microwave 23L', 'twin tub washing machine']],
      ['Kenwood', ['microwave 20L', 'blender', 'kettle']],
      ['Defy', ['4-plate electric stove', 'chest freezer 200L']],
      ['Russell Hobbs', ['blender', 'iron', 'toaster']],
      ['Midea', ['air conditioner 12000 BTU', 'water dispenser']],
    ],
    storage: [],
    extras: ['low energy use', 'works with a solar inverter', 'clean inside', 'no rust', 'all elements working'],
  },
  {
    category: 'Other',
    weight: 10,
    price: [15_000, 900_000],
    names: [
      ['Samsung Galaxy Tab', ['A7 Lite', 'A8', 'S6 Lite']],
      ['Canon EOS', ['2000D kit', '4000D kit', '80D body']],
      ['Solar home kit', ['100W', '200W', '300W']],
      ['Huawei', ['4G router B535', 'MiFi E5576']],
      ['Apple', ['Watch Series 6', 'iPad 9th gen', 'AirPods Pro']],
      ['Oraimo', ['power bank 20000mAh', 'FreePods 3']],
    ],
    storage: [],
    extras: [
      'charger included',
      "good for children's school apps",
      'keeps phones charged in blackouts',
      'works with Airtel and TNM',
      'barely used',
    ],
  },
];

const TOWNS = [
  'Lilongwe, Area 47',
  'Lilongwe, Area 18',
  'Lilongwe, Old Town',
  'Blantyre, Limbe',
  'Blantyre',
  'Mzuzu',
  'Zomba',
  'Kasungu',
  'Mangochi',
  'Salima',
];
const CONDITIONS = [
  'Used for six months, very good condition.',
  'Like new.',
  'Minor scuffs on the back.',
  'Refurbished and tested.',
  'Small mark on the frame, works perfectly.',
  'Selling because I upgraded.',
];
const TOTAL_WEIGHT = FAMILIES.reduce((sum, f) => sum + f.weight, 0);

/**
 * The n-th bench product (n counts from 0 across runs): name, description, category name, price,
 * location, and whether it is sold, published, and has a picture.
 */
export function benchProduct(n) {
  const random = seededRandom(0x5eed + n * 7919);
  let w = random() * TOTAL_WEIGHT;
  const family = FAMILIES.find((f) => (w -= f.weight) < 0) ?? FAMILIES[0];
  const [brand, models] = pick(random, family.names);
  const storage = family.storage.length > 0 && random() < 0.6 ? ` ${pick(random, family.storage)}` : '';
  const name = `${brand} ${pick(random, models)}${storage}`;
  const extras = [pick(random, family.extras), pick(random, family.extras)].filter((e, i, all) => all.indexOf(e) === i);
  const description = `${extras.join(', ').replace(/^./, (c) => c.toUpperCase())}. ${pick(random, CONDITIONS)}`;
  const [low, high] = family.price;
  const price = Math.round((low + random() * random() * (high - low)) / 5000) * 5000;
  return {
    name,
    description,
    category: family.category,
    price,
    location: pick(random, TOWNS),
    sold: random() < 0.05,
    published: random() >= 0.02,
    withImage: random() < 0.7,
    withShop: random() < 0.9,
  };
}

/** True when a product's text has a word starting with `word` (how the catalogue's search matches). */
export function matchesWord(product, word) {
  const words =
    `${product.name} ${product.description} ${product.category}`.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.some((w) => w.startsWith(word));
}
