export * from './constants.js';
export * from './money.js';
export * from './pagination.js';
export * from './products.js';
export * from './images.js';
export * from './problem.js';
