// What other modules may use of passwords (docs/decisions/0093): below both auth, which checks them at login,
// and users, which sets them on accounts.
export { refuseCommonPassword } from './common-passwords.js';
export { hashPassword, verifyPassword } from './password.js';
