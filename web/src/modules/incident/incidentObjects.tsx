import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PATROL_INCIDENT_OBJECT_CLASS } from '@strazce/contract';

/** Where an incident's object is shown, and how the link to it reads (a translation key and its values). */
interface ObjectLink {
  to: string;
  text: string;
  values: Record<string, string>;
}

/**
 * The page of an incident's object by its `objectClass`: a patrol opens in the archive (its detail, also for a
 * patrol still in progress). Key management and stock add their classes here.
 */
const OBJECT_LINKS: Record<string, (id: string) => ObjectLink> = {
  [PATROL_INCIDENT_OBJECT_CLASS]: (id) => ({
    to: `/patrol/archive?instance=${encodeURIComponent(id)}`,
    text: 'patrolInstance.link',
    values: { id },
  }),
};

/** An incident's object: a link to its page when its class has one, else its id as recorded. */
export function IncidentObject({ objectClass, objectId }: { objectClass: unknown; objectId: unknown }) {
  const { t } = useTranslation();
  if (objectId === null || objectId === undefined || objectId === '') return null;
  const link = typeof objectClass === 'string' ? OBJECT_LINKS[objectClass]?.(String(objectId)) : undefined;
  if (!link) return <span>{String(objectId)}</span>;
  return (
    <Link to={link.to} data-testid="incident-object-link" onClick={(event) => event.stopPropagation()}>
      {t(link.text, link.values)}
    </Link>
  );
}

/** The kind of an incident's object in words: the entity's name when the class is one (`entity.<class>.one`). */
export function IncidentObjectClass({ objectClass }: { objectClass: unknown }) {
  const { t } = useTranslation();
  if (typeof objectClass !== 'string' || objectClass === '') return null;
  return <span>{t(`entity.${objectClass}.one`, { defaultValue: objectClass })}</span>;
}
