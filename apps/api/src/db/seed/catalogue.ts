import type { ConditionGrade } from '@marketplace/shared';

// Demo catalogue: realistic second-hand stock of partner shops in Malawi, priced in whole MWK.
export interface SeedProduct {
  name: string;
  category: string;
  shop: string;
  price: number;
  location: string;
  description: string;
  images: number;
  featured?: boolean;
  sold?: boolean;
  published?: boolean;
  /** Days before the seed date, so "new items" have a stable order. */
  age: number;
  /** Graded as the description reads. */
  condition: ConditionGrade;
  /** Days of shop warranty, where the shop gives one. */
  warranty_days?: number;
  /** Phones and laptops, where it was measured. */
  battery_health?: number;
}

export const seedCategories = [
  { name: 'SmartPhones', description: 'Used and refurbished smartphones, unlocked for Airtel and TNM.' },
  { name: 'Laptops and Computers', description: 'Laptops, desktops and monitors for school, office and home.' },
  { name: 'Gaming Consoles', description: 'Consoles, controllers and games.' },
  { name: 'TVs and Soundbars', description: 'Televisions, soundbars and home audio.' },
  { name: 'Home Appliances', description: 'Fridges, microwaves, blenders and other appliances.' },
  { name: 'Other', description: 'Cameras, tablets, solar kits and everything else.' },
] as const;

export interface SeedShop {
  name: string;
  address: string;
  town: string;
  hours: string;
  /** A mobile number, so buyers can call or WhatsApp the shop. */
  phone: string;
  /** Flat delivery fee in MWK; null: agreed with the buyer on the phone. */
  delivery_fee: number | null;
}

export const seedShops: SeedShop[] = [
  { name: 'Lilongwe City Centre Shop', address: 'Shop 12, Capital City Mall, City Centre, Lilongwe', town: 'Lilongwe', hours: 'Mon-Sat 08:00-17:30, Sun closed', phone: '+265999123456', delivery_fee: 5000 },
  { name: 'Blantyre Limbe Shop', address: 'Kidney Crescent, Limbe, Blantyre', town: 'Blantyre', hours: 'Mon-Fri 08:00-17:00, Sat 08:00-13:00', phone: '+265888234567', delivery_fee: null },
  { name: 'Mzuzu Shop', address: 'M1 Road, opposite Shoprite, Mzuzu', town: 'Mzuzu', hours: 'Mon-Sat 08:30-17:00', phone: '+265991345678', delivery_fee: null },
];

const LL = 'Lilongwe City Centre Shop';
const BT = 'Blantyre Limbe Shop';
const MZ = 'Mzuzu Shop';

export const seedProducts: SeedProduct[] = [
  { name: 'Samsung Galaxy A54 5G 128GB', category: 'SmartPhones', shop: LL, price: 485000, location: 'Lilongwe, Area 47', images: 3, featured: true, age: 1, condition: 'like_new', warranty_days: 90, battery_health: 91, description: 'Awesome Violet, 8GB RAM, dual SIM. Screen has no scratches, battery health 91%. Comes with charger and a clear case.' },
  { name: 'iPhone 12 64GB', category: 'SmartPhones', shop: BT, price: 720000, location: 'Blantyre, Limbe', images: 2, featured: true, age: 2, condition: 'good', warranty_days: 30, battery_health: 84, description: 'Black, Face ID works, battery health 84%. Small mark on the frame. Unlocked for all networks.' },
  { name: 'Tecno Spark 10 Pro', category: 'SmartPhones', shop: LL, price: 215000, location: 'Lilongwe, Area 18', images: 2, age: 3, condition: 'good', warranty_days: 30, battery_health: 94, description: '256GB storage, 8GB RAM, big 6.8 inch display. Used for six months, in very good condition.' },
  { name: 'Infinix Hot 30i', category: 'SmartPhones', shop: MZ, price: 165000, location: 'Mzuzu', images: 1, age: 5, condition: 'like_new', battery_health: 98, description: 'Dual SIM with a 5000mAh battery that lasts two days. Original box included.' },
  { name: 'Google Pixel 6a', category: 'SmartPhones', shop: BT, price: 410000, location: 'Blantyre', images: 2, age: 6, condition: 'good', battery_health: 87, description: 'Sage green, excellent camera, Android 14. Minor scuffs on the back panel.' },
  { name: 'Samsung Galaxy S21 FE', category: 'SmartPhones', shop: LL, price: 560000, location: 'Lilongwe, Old Town', images: 3, sold: true, age: 20, condition: 'good', battery_health: 82, description: 'Olive, 128GB. Screen replaced with an original part. Fast wireless charging.' },
  { name: 'HP EliteBook 840 G5', category: 'Laptops and Computers', shop: LL, price: 650000, location: 'Lilongwe, Area 3', images: 3, featured: true, age: 1, condition: 'good', warranty_days: 90, battery_health: 76, description: 'Intel Core i5 8th gen, 8GB RAM, 256GB SSD, 14 inch full HD. Battery lasts about four hours. Windows 11 Pro.' },
  { name: 'Dell Latitude 5490', category: 'Laptops and Computers', shop: BT, price: 520000, location: 'Blantyre, Chichiri', images: 2, age: 4, condition: 'good', warranty_days: 30, battery_health: 80, description: 'Core i5, 8GB RAM, 500GB SSD. Solid business laptop, good keyboard, charger included.' },
  { name: 'Lenovo ThinkPad T480', category: 'Laptops and Computers', shop: MZ, price: 590000, location: 'Mzuzu', images: 2, age: 7, condition: 'good', battery_health: 85, description: 'Two batteries, Core i7, 16GB RAM, 512GB SSD. Ideal for university students and programmers.' },
  { name: 'MacBook Air M1 2020', category: 'Laptops and Computers', shop: LL, price: 1350000, location: 'Lilongwe, Area 10', images: 3, age: 2, condition: 'like_new', warranty_days: 180, battery_health: 92, description: 'Space grey, 8GB RAM, 256GB SSD, battery cycle count 212. Silent and very fast.' },
  { name: 'Acer Aspire 3 15.6"', category: 'Laptops and Computers', shop: BT, price: 380000, location: 'Zomba', images: 1, age: 9, condition: 'fair', battery_health: 68, description: 'AMD Ryzen 3, 8GB RAM, 256GB SSD. Good for school work and browsing.' },
  { name: 'HP 22" Monitor and Keyboard Set', category: 'Laptops and Computers', shop: LL, price: 145000, location: 'Lilongwe', images: 2, published: false, age: 3, condition: 'good', description: 'Full HD monitor with HDMI and VGA, USB keyboard and mouse.' },
  { name: 'PlayStation 4 Slim 500GB', category: 'Gaming Consoles', shop: LL, price: 420000, location: 'Lilongwe, Area 47', images: 3, featured: true, age: 2, condition: 'good', warranty_days: 90, description: 'Two controllers and FIFA 23. Runs quietly, recently cleaned and thermal paste replaced.' },
  { name: 'Xbox One S 1TB', category: 'Gaming Consoles', shop: BT, price: 380000, location: 'Blantyre', images: 2, age: 5, condition: 'good', description: 'White, one controller, 4K Blu-ray player. Includes HDMI and power cables.' },
  { name: 'Nintendo Switch Lite', category: 'Gaming Consoles', shop: MZ, price: 310000, location: 'Mzuzu', images: 2, age: 8, condition: 'like_new', description: 'Turquoise, with Mario Kart 8 and a carrying case. Screen protector fitted from day one.' },
  { name: 'PlayStation 5 Digital Edition', category: 'Gaming Consoles', shop: LL, price: 950000, location: 'Lilongwe, Area 43', images: 3, sold: true, age: 15, condition: 'like_new', warranty_days: 180, description: 'One DualSense controller, 825GB storage. Barely used.' },
  { name: 'Hisense 43" Smart TV', category: 'TVs and Soundbars', shop: LL, price: 495000, location: 'Lilongwe, Area 25', images: 2, age: 3, condition: 'good', warranty_days: 180, description: 'Full HD smart TV with Netflix and YouTube. Wall bracket included, remote works.' },
  { name: 'Samsung 55" 4K Crystal UHD TV', category: 'TVs and Soundbars', shop: BT, price: 1150000, location: 'Blantyre, Limbe', images: 3, age: 4, condition: 'good', warranty_days: 365, description: 'Crystal UHD, HDR, three HDMI ports. Bought in 2022, no dead pixels.' },
  { name: 'LG 2.1 Soundbar SN4', category: 'TVs and Soundbars', shop: MZ, price: 285000, location: 'Mzuzu', images: 1, age: 10, condition: 'fair', description: '300W with a wireless subwoofer and Bluetooth. Deep bass, great for football nights.' },
  { name: 'Sony Bluetooth Speaker SRS-XB33', category: 'TVs and Soundbars', shop: LL, price: 165000, location: 'Lilongwe', images: 2, age: 6, condition: 'good', description: 'Waterproof, 24 hours of battery, extra bass. Perfect for the lake.' },
  { name: 'Hisense 205L Double Door Fridge', category: 'Home Appliances', shop: LL, price: 540000, location: 'Lilongwe, Area 49', images: 2, age: 2, condition: 'good', warranty_days: 180, description: 'Low energy use, works well with a solar inverter. Freezer on top, no rust.' },
  { name: 'Kenwood Microwave 20L', category: 'Home Appliances', shop: BT, price: 120000, location: 'Blantyre', images: 1, age: 7, condition: 'fair', description: '700W with five power levels and a defrost setting. Clean inside.' },
  { name: 'Russell Hobbs Blender', category: 'Home Appliances', shop: MZ, price: 55000, location: 'Mzuzu', images: 1, age: 11, condition: 'fair', description: '1.5L glass jug, three speeds plus pulse. Good for juices and nsima flour blends.' },
  { name: 'Defy 4-Plate Electric Stove', category: 'Home Appliances', shop: LL, price: 390000, location: 'Lilongwe, Area 12', images: 2, sold: true, age: 18, condition: 'fair', warranty_days: 30, description: 'Four plates and an oven, all elements working.' },
  { name: 'Canon EOS 2000D Camera Kit', category: 'Other', shop: LL, price: 610000, location: 'Lilongwe', images: 3, age: 3, condition: 'like_new', warranty_days: 90, description: '24MP DSLR with 18-55mm lens, bag and 32GB card. Shutter count about 8,000.' },
  { name: 'Samsung Galaxy Tab A8', category: 'Other', shop: BT, price: 290000, location: 'Blantyre', images: 2, age: 5, condition: 'good', description: '10.5 inch tablet, 64GB, Wi-Fi. Good for children\'s school apps and video calls.' },
  { name: 'Solar Home Kit 200W', category: 'Other', shop: MZ, price: 450000, location: 'Kasungu', images: 2, age: 6, condition: 'good', warranty_days: 365, description: 'Panel, 100Ah battery, inverter and four LED bulbs. Keeps a TV and phone chargers going during blackouts.' },
  { name: 'Huawei 4G Router B535', category: 'Other', shop: LL, price: 135000, location: 'Lilongwe, Area 47', images: 1, age: 9, condition: 'good', description: 'Works with Airtel and TNM SIM cards, connects up to 64 devices.' },
  { name: 'Apple Watch Series 6', category: 'Other', shop: BT, price: 330000, location: 'Mangochi', images: 2, published: false, age: 4, condition: 'good', description: '44mm, GPS, with two straps. Battery health 88%.' },
  { name: 'JBL Tune 510BT Headphones', category: 'Other', shop: MZ, price: 75000, location: 'Mzuzu', images: 1, age: 12, condition: 'good', description: 'Wireless on-ear headphones, 40 hours of battery. Ear pads in good condition.' },
  { name: 'Itel A70 (for parts)', category: 'SmartPhones', shop: MZ, price: 35000, location: 'Mzuzu', images: 1, age: 14, condition: 'for_parts', description: 'Cracked screen and a loose charging port; it switches on but does not charge. For repair or spare parts.' },
];
