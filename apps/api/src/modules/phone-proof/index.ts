// What other modules, and the app around them, may use of phone-proof (docs/decisions/0093).
export { signPhoneToken } from './phone-token.js';
export { useCode } from './repository.js';
export { phoneProofRoutes } from './routes.js';
export { PHONE_CHECK_NEEDED, codeUsedMeanwhile, proveBuyerPhone } from './service.js';
export type { PhoneProof } from './service.js';
export { countPhoneCodes, deletePhoneCodes } from './repository/personal-data.js';
