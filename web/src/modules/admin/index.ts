/** What the administration module offers other modules: the site properties list (the site's own page). */
export { KnownPropertiesHint, SitePropertiesList } from './SitePropertiesDrawer';
