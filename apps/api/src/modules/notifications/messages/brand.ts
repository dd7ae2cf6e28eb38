/** The name every SMS and email is signed with: the one place the server spells it. */
export const BRAND = 'Marketplace Malawi';
