// Business constants (docs/product.md#constants), in one place for the web app and the API.
export const CURRENCY = 'MWK';
export const LOCALE = 'en-MW';
export const DEFAULT_LOCATION = 'Lilongwe';
export const DEFAULT_DISPLAY_NAME = 'Admin';

export const CATEGORY_SHORTCUTS = [
  /*i18n*/ 'SmartPhones',
  /*i18n*/ 'Laptops and Computers',
  /*i18n*/ 'Gaming Consoles',
  /*i18n*/ 'TVs and Soundbars',
  /*i18n*/ 'Home Appliances',
  /*i18n*/ 'Other',
] as const;

export const DEFAULT_DISCOVER_CATEGORY = 'SmartPhones';
/** `category=all`: every item on sale, whatever its category (docs/product.md#discover); no category may take the name. */
export const ALL_CATEGORIES = 'all';
export const CAROUSEL_INTERVAL_MS = 10_000;
export const HOME_GRID_SIZE = 4;
export const DISCOVER_PAGE_SIZE = 10;
export const DISCOVER_SKELETONS = 8;
export const RELATED_SKELETONS = 3;
export const LIST_DEFAULT_LIMIT = 50;
export const LIST_MAX_LIMIT = 100;
export const MAX_IMAGES = 3;
export const DESCRIPTION_MAX = 500;

/** Sizes the image endpoint will render; anything else is refused so the cache stays bounded. */
export const IMAGE_WIDTHS = [200, 400, 700, 1200] as const;
export const IMAGE_HEIGHTS = [250, 500, 630, 875] as const;
export const IMAGE_QUALITIES = [80] as const;
export const IMAGE_FITS = ['cover', 'contain'] as const;
export const HERO_WIDTHS = [400, 700, 1200] as const;
export const HERO_HEIGHT = 500;
export const HERO_QUALITY = 80;

export const TOAST_MS = 5000;
export const LOGIN_TOAST_MS = 3000;

/** The orders a public list can take. Without `sort`: relevance for a search, newest first otherwise. */
export const PRODUCT_SORTS = ['newest', 'price_asc', 'price_desc', 'relevance'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];
/** The highest price filter a list takes, in MWK. */
export const MAX_LISTED_PRICE = 1_000_000_000;
