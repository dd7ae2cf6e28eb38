// What other modules, and the app around them, may use of seller-requests (docs/decisions/0093).
export { smsNumber, statusToken } from './codes.js';
export { expireDueOffers } from './expiry.js';
export { statusLinks } from './links.js';
export type { StatusLinks } from './links.js';
export { tellSellerByHand, tellSellerPaid } from './payout-message.js';
export { ownedRequests, releaseRequestsOf, requestForAccount, setOwner } from './repository/for-seller-accounts.js';
export { acceptedOffers, requestToEstimate } from './repository/for-estimates.js';
export type { NamedPrice, PriceScope } from './repository/for-estimates.js';
export { requestNames } from './repository.js';
export { SELL_LINK_PER_MINUTE, sellerRequestRoutes } from './routes.js';
export { REQUEST_NOT_FOUND, emailHint, requestOfDevice, requestOfToken } from './views.js';
export {
  endedRequestsToErase,
  eraseRequestSellers,
  findRequestsOfPerson,
  requestsOfPersonToErase,
} from './repository/personal-data.js';
export { requestIdsOfSeller } from './repository/of-seller.js';
export type { SellerOf } from './repository/of-seller.js';
export { sellerCameBackRoutes } from './came-back-routes.js';
