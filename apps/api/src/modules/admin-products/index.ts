// What other modules, and the app around them, may use of admin-products (docs/decisions/0093).
// The shops of a product for Shop staff: products' repository holds the query, the back-office names it.
export { productShop, shopsOfProduct } from '../products/index.js';
export { adminProductRoutes } from './routes.js';
export { PRODUCT_NOT_FOUND, checkRefs, insertProductWithGallery, productOfDevice } from './service.js';
