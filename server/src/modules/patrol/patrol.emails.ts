import { and, asc, eq, sql } from 'drizzle-orm';
import { PATROL_INCIDENT_OBJECT_CLASS, splitEmails, type PatrolIntegrityReason } from '@strazce/contract';
import type { Db } from '../../db/database';
import { formatSiteDateTime, siteTimeZone } from '../../platform/siteTime';
import { incidents, incidentTypes } from '../incident/incident.tables';
import { queueEmail } from '../messaging/outbox';
import { persons, sites } from '../../platform/platform.tables';
import { patrolCheckpoints, patrolGuards, patrolInstances, patrolRoutes, patrolScans } from './patrol.tables';

/**
 * The e-mails of patrols, through the outbox (`system_email`) in the transaction of the event that causes them,
 * in Czech and English, times in the site's time zone: an incident on a route that notifies, and the report of a
 * finished patrol on a route with `report`. Both go to the route's notification addresses.
 */

type Language = 'cs' | 'en';

const name = (checkpoint: { name: string } | null) => checkpoint?.name ?? '–';

/** " u bodu X" / " at checkpoint X" when the reason names a checkpoint. */
const at = (reason: PatrolIntegrityReason, cs: boolean) =>
  reason.checkpoint
    ? cs
      ? ` u bodu ${reason.checkpoint.name}`
      : ` at checkpoint ${reason.checkpoint.name}`
    : '';

/** A reason for points lost, in words. */
export function reasonText(reason: PatrolIntegrityReason, language: Language): string {
  const cs = language === 'cs';
  const points = cs ? `−${reason.points} b.` : `−${reason.points} points`;
  let text: string;
  switch (reason.reason) {
    case 'MISSED':
      text = cs
        ? `Vynechaný kontrolní bod ${name(reason.checkpoint)}`
        : `Missed checkpoint ${name(reason.checkpoint)}`;
      break;
    case 'OUT_OF_ORDER':
      text = cs
        ? `Bod ${name(reason.checkpoint)} načten mimo pořadí (na trase ${reason.expectedPosition}., načten jako ${reason.position}.)`
        : `Checkpoint ${name(reason.checkpoint)} scanned out of order (place ${reason.expectedPosition} on the route, scanned as ${reason.position})`;
      break;
    case 'DUPLICATE':
      text = cs
        ? `Bod ${name(reason.checkpoint)} načten opakovaně`
        : `Checkpoint ${name(reason.checkpoint)} scanned again`;
      break;
    case 'TOO_FAST':
      text = cs
        ? `Z bodu ${name(reason.previousCheckpoint)} do bodu ${name(reason.checkpoint)} za ${reason.seconds} s (nejrychleji dříve ${reason.fastestSeconds} s)`
        : `From ${name(reason.previousCheckpoint)} to ${name(reason.checkpoint)} in ${reason.seconds} s (fastest before: ${reason.fastestSeconds} s)`;
      break;
    case 'CLOCK_SKEW':
      text = cs
        ? `Hodiny terminálu se lišily od serveru o ${reason.seconds} s`
        : `The terminal's clock differed from the server's by ${reason.seconds} s`;
      break;
    case 'TIME_BACKDATED':
      text = cs
        ? `Čas události${at(reason, cs)} o ${reason.seconds} s dříve, než je možné (před přihlášením strážného nebo mimo offline okno terminálu)`
        : `An event's time${at(reason, cs)} ${reason.seconds} s earlier than possible (before the guard's sign-in or beyond the terminal's offline window)`;
      break;
    case 'TIME_FUTURE':
      text = cs
        ? `Čas události${at(reason, cs)} o ${reason.seconds} s v budoucnosti oproti jejímu přijetí serverem`
        : `An event's time${at(reason, cs)} ${reason.seconds} s in the future of its receipt by the server`;
      break;
  }
  return `${text} (${points})`;
}

/** The route, site and guard of a patrol, and the route's current notification settings. */
async function patrolHeader(tx: Db, instanceId: number) {
  const [row] = await tx
    .select({
      instance: patrolInstances,
      siteName: sites.name,
      notify: patrolRoutes.notify,
      report: patrolRoutes.report,
      emails: patrolRoutes.notificationEmails,
      guardName: sql<string>`${persons.lastName} || ' ' || ${persons.firstName}`,
    })
    .from(patrolInstances)
    .innerJoin(sites, eq(sites.id, patrolInstances.siteId))
    .innerJoin(patrolRoutes, eq(patrolRoutes.id, patrolInstances.routeId))
    .innerJoin(patrolGuards, eq(patrolGuards.id, patrolInstances.guardId))
    .innerJoin(persons, eq(persons.id, patrolGuards.personId))
    .where(eq(patrolInstances.id, instanceId));
  if (!row) return null;
  return { ...row, timeZone: await siteTimeZone(tx, row.instance.siteId) };
}

async function queueAll(tx: Db, siteId: number, recipients: string[], subject: string, body: string) {
  for (const recipient of recipients) await queueEmail(tx, { siteId, recipient, subject, body });
  return recipients.length;
}

/** An incident raised on a patrol of a route with `notify`: e-mailed to the route's addresses. */
export async function queuePatrolIncidentNotice(
  tx: Db,
  instanceId: number,
  incidentId: number,
  checkpointName: string | null,
): Promise<number> {
  const header = await patrolHeader(tx, instanceId);
  if (!header?.notify) return 0;
  const recipients = splitEmails(header.emails);
  if (recipients.length === 0) return 0;
  const [incident] = await tx
    .select({
      report: incidents.report,
      description: incidents.description,
      at: incidents.createdDate,
      type: incidentTypes.name,
      consequence: incidents.consequence,
    })
    .from(incidents)
    .innerJoin(incidentTypes, eq(incidentTypes.id, incidents.typeId))
    .where(eq(incidents.id, incidentId));
  const { instance, siteName, guardName, timeZone } = header;
  const when = formatSiteDateTime(incident.at, timeZone);
  const critical = incident.consequence === 'CRITICAL' ? '[!] ' : '';
  const subject = `${critical}Obchůzka / Patrol ${instance.routeName}: ${incident.type} – ${incident.report} (${siteName})`;
  const body = [
    `Incident na obchůzce trasy ${instance.routeName}, objekt ${siteName}, ${when}`,
    `Strážný: ${guardName}; kontrolní bod: ${checkpointName ?? '–'}`,
    `Typ: ${incident.type}; hlášení: ${incident.report}`,
    incident.description ?? '',
    '',
    `Incident on a patrol of the route ${instance.routeName}, site ${siteName}, ${when}`,
    `Guard: ${guardName}; checkpoint: ${checkpointName ?? '–'}`,
    `Type: ${incident.type}; report: ${incident.report}`,
    incident.description ?? '',
  ].join('\n');
  return queueAll(tx, instance.siteId, recipients, subject, body);
}

/**
 * The report of a finished patrol of a route with `report`: score, the reasons in words, the scans and the
 * incidents, to the route's addresses.
 */
export async function queuePatrolReport(tx: Db, instanceId: number): Promise<number> {
  const header = await patrolHeader(tx, instanceId);
  if (!header?.report) return 0;
  const recipients = splitEmails(header.emails);
  if (recipients.length === 0) return 0;
  const { instance, siteName, guardName, timeZone } = header;
  const at = (date: Date | null) => (date ? formatSiteDateTime(date, timeZone) : '–');
  const scans = await tx
    .select({
      time: patrolScans.time,
      tagId: patrolScans.tagId,
      checkpoint: patrolCheckpoints.name,
      flags: patrolScans,
    })
    .from(patrolScans)
    .leftJoin(patrolCheckpoints, eq(patrolCheckpoints.id, patrolScans.checkpointId))
    .where(eq(patrolScans.instanceId, instanceId))
    .orderBy(asc(patrolScans.time), asc(patrolScans.id));
  const raised = await tx
    .select({
      at: incidents.createdDate,
      type: incidentTypes.name,
      report: incidents.report,
      consequence: incidents.consequence,
    })
    .from(incidents)
    .innerJoin(incidentTypes, eq(incidentTypes.id, incidents.typeId))
    .where(
      and(
        eq(incidents.siteId, instance.siteId),
        eq(incidents.module, 'MOD_PATROL'),
        eq(incidents.objectClass, PATROL_INCIDENT_OBJECT_CLASS),
        eq(incidents.objectId, String(instanceId)),
      ),
    )
    .orderBy(asc(incidents.createdDate), asc(incidents.id));

  const section = (language: Language) => {
    const cs = language === 'cs';
    const marks = (flags: { outOfOrder: boolean; duplicate: boolean; tooFast: boolean }) =>
      [
        flags.outOfOrder ? (cs ? 'mimo pořadí' : 'out of order') : '',
        flags.duplicate ? (cs ? 'opakovaně' : 'again') : '',
        flags.tooFast ? (cs ? 'příliš rychle' : 'too fast') : '',
      ]
        .filter(Boolean)
        .join(', ');
    const reasons = instance.integrity.map((reason) => `- ${reasonText(reason, language)}`);
    return [
      cs
        ? `Obchůzka trasy ${instance.routeName}, objekt ${siteName}`
        : `Patrol of the route ${instance.routeName}, site ${siteName}`,
      `${cs ? 'Strážný' : 'Guard'}: ${guardName}`,
      `${cs ? 'Začátek' : 'Started'}: ${at(instance.started)}; ${cs ? 'konec' : 'finished'}: ${at(instance.finished)}`,
      `${cs ? 'Hodnocení' : 'Score'}: ${instance.score ?? '–'} / 100; ${cs ? 'kontrolní body' : 'checkpoints'}: ${instance.scannedCount} / ${instance.checkpointCount}`,
      reasons.length > 0 ? (cs ? 'Srážky:' : 'Points lost:') : cs ? 'Bez srážek.' : 'No points lost.',
      ...reasons,
      cs ? 'Načtené body:' : 'Scans:',
      ...(scans.length > 0
        ? scans.map((scan) => {
            const flags = marks(scan.flags);
            return `- ${at(scan.time)} ${scan.checkpoint ?? `${cs ? 'neznámý štítek' : 'unknown tag'} ${scan.tagId}`}${flags ? ` (${flags})` : ''}`;
          })
        : [cs ? '- žádné' : '- none']),
      cs ? 'Incidenty:' : 'Incidents:',
      ...(raised.length > 0
        ? raised.map((incident) => `- ${at(incident.at)} ${incident.type}: ${incident.report}`)
        : [cs ? '- žádné' : '- none']),
    ];
  };
  const subject = `Obchůzka / Patrol ${instance.routeName}: ${instance.score ?? '–'} / 100 (${siteName})`;
  const body = [...section('cs'), '', ...section('en')].join('\n');
  return queueAll(tx, instance.siteId, recipients, subject, body);
}
