// What other modules, and the app around them, may use of products (docs/decisions/0093).
export { listProducts } from './listing.js';
export { findProduct, heldOf, imagesOf } from './repository.js';
export { productForMove, setProductTransit } from './repository.js';
export type { ProductRecord } from './repository.js';
export { productRoutes } from './routes.js';
export { reindexSearchIfStale } from './search-index.js';
export { parseSearch } from './search-query.js';
export type { SearchQuery } from './search-query.js';
export { indexProductSearch } from './search.js';
export { conditionOf, specsOf } from './service.js';
export { termsOf } from './terms.js';
