// What other modules, and the app around them, may use of images (docs/decisions/0093).
export type { NormalizedImage } from './normalize.js';
export { deleteUnusedImages, storeImages } from './repository.js';
export { imageRoutes } from './routes.js';
export { loadSharp } from './sharp.js';
export { MAX_IMAGE_BYTES, readMultipart } from './upload.js';
