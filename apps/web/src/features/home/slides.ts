/** Spec 2: the home carousel's three slides. Images are served by the API's hero image route. */
export interface Slide {
  title: string;
  text: string;
  image: string;
  /** Describes the photo for screen readers. */
  alt: string;
  link: { to: string; label: string };
}

export const SLIDES: readonly Slide[] = [
  {
    title: 'Laptops & Computers',
    text: 'Checked second-hand laptops and desktops at fair prices.',
    image: 'hero-laptops.webp',
    alt: 'Laptops and a desktop computer on a desk',
    link: { to: '/discover?category=Laptops%20and%20Computers', label: 'Shop laptops' },
  },
  {
    title: 'Buy & Sell Smartphones',
    text: 'Find your next phone, or sell the one you no longer use.',
    image: 'hero-phones.webp',
    alt: 'Several smartphones side by side',
    link: { to: '/discover?category=SmartPhones', label: 'Shop smartphones' },
  },
  {
    title: 'Gaming & Home Entertainment',
    text: 'Consoles, TVs and soundbars for less.',
    image: 'hero-gaming.webp',
    alt: 'A games console with controllers in front of a TV',
    link: { to: '/discover?category=Gaming%20Consoles', label: 'Shop gaming' },
  },
];
