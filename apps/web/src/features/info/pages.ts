// One entry for the router's lazy import: these pages are small and rarely visited, so they share a chunk.
export { AboutPage } from './AboutPage';
export { ContactPage } from './ContactPage';
export { FaqPage } from './FaqPage';
export { NotFoundPage } from './NotFoundPage';
export { PrivacyPage } from './PrivacyPage';
export { TermsPage } from './TermsPage';
