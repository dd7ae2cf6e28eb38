// What other modules, and the app around them, may use of auth (docs/decisions/0093).
export { insertEmailLink, linksSentTo, useEmailLink } from './repository/email-links.js';
export { LINKS_PER_EMAIL_PER_HOUR } from './password-reset.js';
export { revokeUserSessions } from './repository.js';
export { authRoutes } from './routes.js';
export { secondFactorRoutes } from './second-factor-routes.js';
export { authenticate, mustSetUpSecondFactor, openSession } from './service.js';
export type { SessionUser } from './service.js';
export { hashToken, readableCode } from './tokens.js';
export {
  forgetAccountLogins,
  forgetEmailLogins,
  forgetLoginsBefore,
  forgetRequestLinks,
} from './repository/personal-data.js';
