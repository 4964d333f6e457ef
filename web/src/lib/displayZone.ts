/**
 * The time zone that business times are shown in: the current site's (its SITE_TIME_ZONE, set by the session),
 * so a guard, the server's e-mails and the exports agree whatever zone a browser is set to. Null: the browser's.
 * Apart from lib/format.ts so that the session sets it without loading the date library's zone support.
 */
let displayZone: string | null = null;

/** Shows the times of the site in this zone from now on (the session calls it when the site changes). */
export function setDisplayTimeZone(zone: string | null): void {
  displayZone = zone;
}

/** The zone set for the site, or null for the browser's. */
export function siteDisplayZone(): string | null {
  return displayZone;
}
