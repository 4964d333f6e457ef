/** What the two-factor module offers other modules: the set-up wizard (the profile page). */
export { TwoFactorWizard } from './TwoFactorWizard';
