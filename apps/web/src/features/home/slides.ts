/**
 * The home carousel's three slides. Images are served by the API's hero image route. The texts are
 * English ids, marked for the catalogue and translated where they are shown.
 */
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
    title: /*i18n*/ 'Laptops & Computers',
    text: /*i18n*/ 'Checked second-hand laptops and desktops at fair prices.',
    image: 'hero-laptops.webp',
    alt: /*i18n*/ 'Laptops and a desktop computer on a desk',
    link: { to: '/discover?category=Laptops%20and%20Computers', label: /*i18n*/ 'Shop laptops' },
  },
  {
    title: /*i18n*/ 'Buy & Sell Smartphones',
    text: /*i18n*/ 'Find your next phone, or sell the one you no longer use.',
    image: 'hero-phones.webp',
    alt: /*i18n*/ 'Several smartphones side by side',
    link: { to: '/discover?category=SmartPhones', label: /*i18n*/ 'Shop smartphones' },
  },
  {
    title: /*i18n*/ 'Gaming & Home Entertainment',
    text: /*i18n*/ 'Consoles, TVs and soundbars for less.',
    image: 'hero-gaming.webp',
    alt: /*i18n*/ 'A games console with controllers in front of a TV',
    link: { to: '/discover?category=Gaming%20Consoles', label: /*i18n*/ 'Shop gaming' },
  },
];
