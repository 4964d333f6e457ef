import {
  FILE_SIZE_OPTIONS_MB,
  KNOWN_CONFIG_PROPERTIES,
  type ConfigValueType,
  type SiteConfigEntry,
} from '@strazce/contract';
import { api } from './api';

export type KnownProperty = keyof typeof KNOWN_CONFIG_PROPERTIES;

export interface PropertyRow {
  id: number;
  version: number;
  name: string;
  type: ConfigValueType;
  value: unknown;
  active: boolean;
}

export const isKnownProperty = (name: unknown): name is KnownProperty =>
  typeof name === 'string' && Object.hasOwn(KNOWN_CONFIG_PROPERTIES, name);

/**
 * The site's upload limit in MB from its config (the session's `/system_site/config`): 1, 10 or 100. The
 * contract's list checks a stored value here, as the server does (the choices offered come from the server).
 */
export function fileLimitMb(config: readonly SiteConfigEntry[]): number {
  const value = config.find((entry) => entry.name === 'FILE_MAX_SIZE_MB')?.value;
  return (FILE_SIZE_OPTIONS_MB as readonly unknown[]).includes(value)
    ? (value as number)
    : KNOWN_CONFIG_PROPERTIES.FILE_MAX_SIZE_MB.default;
}

/**
 * Sets a property of the current site that the product knows (creates it, or updates and activates it),
 * e.g. the upload limit chosen on the files page.
 */
export async function setKnownProperty(name: KnownProperty, value: number): Promise<void> {
  const found = await api.get<PropertyRow[]>('/system_site/property', {
    query: { name, page: 1, size: 100 },
    silent: true,
  });
  const existing = found.find((row) => row.name === name);
  const type = KNOWN_CONFIG_PROPERTIES[name].type;
  if (existing)
    await api.put(
      `/system_site/property/${existing.id}`,
      { type, value, active: true, version: existing.version },
      { silent: true },
    );
  else await api.post('/system_site/property', { name, type, value, active: true }, { silent: true });
}
