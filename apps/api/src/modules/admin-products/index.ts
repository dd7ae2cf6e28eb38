// What other modules, and the app around them, may use of admin-products (docs/decisions/0093).
export { productShop, shopsOfProduct } from './repository.js';
export { adminProductRoutes } from './routes.js';
export { PRODUCT_NOT_FOUND, checkRefs, insertProductWithGallery, productOfDevice } from './service.js';
