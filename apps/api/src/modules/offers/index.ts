// What other modules, and the app around them, may use of offers (docs/decisions/0093, 0103).
export { buyerOfferRoutes } from './buyer-routes.js';
export { expireDueBuyerOffers } from './expiry.js';
export { agreedOffer, declineOffersOnSale, markOfferOrdered } from './for-orders.js';
export { offerLinks } from './links.js';
export { offerStaffRoutes } from './staff-routes.js';
export { eraseOfferBuyers, findOffersOfPhone } from './repository/personal-data.js';
