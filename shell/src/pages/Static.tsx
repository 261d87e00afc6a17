/** The static pages, one file each under ./static. */
export { AboutPage } from './static/AboutPage';
export { ApiPage } from './static/ApiPage';
export { ConsultingPage } from './static/ConsultingPage';
export { FounderPage } from './static/FounderPage';
export { PrivacyPage } from './static/PrivacyPage';
export { SecurityPage } from './static/SecurityPage';
export { TermsPage } from './static/TermsPage';
export { ValidationStrategyPage } from './static/ValidationStrategyPage';
