import {
  incident,
  incidentEntityOf,
  incidentType,
  type Entity,
  type IncidentModule,
} from '@strazce/contract';

/**
 * The incident entities as one module's pages see them: its roles and module (`incidentEntityOf`), and the
 * type picked from that module's types only (the generic filter of a reference would list every module's).
 */
export function incidentEntitiesOf(module: IncidentModule): { incident: Entity; incidentType: Entity } {
  const own = incidentEntityOf(incident, module);
  return {
    incident: { ...own, fields: { ...own.fields, type: { ...own.fields.type, filter: undefined } } },
    incidentType: incidentEntityOf(incidentType, module),
  };
}

/** The query every call of a module's incident pages sends. */
export const moduleQuery = (module: IncidentModule) => ({ module });
