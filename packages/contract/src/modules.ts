/** Modules that can be switched on or off per site (spec section 6). */
export const MODULES = [
  'MOD_PATROL',
  'MOD_SIGNATURE',
  'MOD_KM',
  'MOD_VISIT',
  'MOD_VISIT_ADVICE',
  'MOD_VEHICLE',
  'MOD_VEHICLE_ADVICE',
  'MOD_STOCK',
  'MOD_KBOX',
  'MOD_LOGISTICS',
] as const;

export type ModuleCode = (typeof MODULES)[number];

export function isModuleCode(value: string): value is ModuleCode {
  return (MODULES as readonly string[]).includes(value);
}
