// What other modules, and the app around them, may use of products (docs/decisions/0093).
export { listProducts } from './listing.js';
export { findProduct, heldOf, imagesOf } from './repository.js';
export {
  buyingPrices,
  ceirChecksOf,
  deleteProduct,
  galleryOf,
  hideByReports,
  insertProduct,
  productIdsInCategory,
  productShop,
  saveProductCeir,
  setGallery,
  settleProduct,
  shopHasProducts,
  shopsOfProduct,
  updateProduct,
} from './repository.js';
export { stockOfSellerRequest } from './repository.js';
export { inTransit, markItemsSold, notOnSale, productsForOrder } from './repository.js';
export { productForMove, setProductTransit } from './repository.js';
export type { ProductRecord } from './repository.js';
export { countProducts } from './repository/for-dashboard.js';
export { offerPricesOf, productForOffer } from './repository/for-offers.js';
export type { ProductForOffer } from './repository/for-offers.js';
export { productOfSellerRequest, shopOfSellerRequest } from './repository/for-seller-requests.js';
export { productRoutes } from './routes.js';
export { reindexSearchIfStale } from './repository/search-index.js';
export { parseSearch } from './search-query.js';
export type { SearchQuery } from './search-query.js';
export { indexProductSearch } from './repository/search.js';
export { conditionOf, specsOf } from './service.js';
export { termsOf } from './terms.js';
export {
  markReplacementSold,
  putBackInStock,
  replacementCandidate,
  writeOffProduct,
  writeOffState,
} from './repository/after-sale.js';
