// What other modules, and the app around them, may use of users (docs/decisions/0093).
export {
  findUser,
  findUserByEmail,
  insertUser,
  setPasswordFromLink,
  updateUser,
  USER_NOT_FOUND,
} from './repository.js';
export { countUsers } from './repository/for-dashboard.js';
export { userRoutes } from './routes.js';
export {
  blankAccount,
  findSellerAccounts,
  sellerAccountsAmong,
  unusedAccountsOfErasedRequests,
} from './repository/personal-data.js';
