import { eq, inArray, sql } from 'drizzle-orm';
import { splitEmails } from '@strazce/contract';
import type { Db } from '../../db/database';
import { preparedStatement } from '../../db/prepared';
import { formatSiteDateTime, siteTimeZone } from '../../platform/siteTime';
import { queueEmail } from '../messaging/outbox';
import { personGroupMembers } from '../site/site.tables';
import { persons } from '../../platform/platform.tables';
import {
  logisticsOperations,
  logisticsStatuses,
  logisticsTransports,
  workflowOperationPersons,
  workflowOperations,
  workflowOperationTeams,
} from './logistics.tables';

/**
 * The e-mails of logistics, through the outbox in the transaction of the change (sent only if it commits), in
 * Czech and English, times in the site's zone: a new transport to the notification addresses of its logistics
 * operations; an executed workflow operation to its notification addresses, its persons and the members of
 * its teams.
 */

/** What an e-mail tells of a transport: its plate, supplier and arrival. */
async function transportSummary(tx: Db, transportId: number) {
  const [row] = await tx
    .select({
      siteId: logisticsTransports.siteId,
      licencePlate: logisticsTransports.licencePlate,
      spedition: logisticsTransports.spedition,
      datetimeArrive: logisticsTransports.datetimeArrive,
      status: sql<string>`(select ${logisticsStatuses.name} from ${logisticsStatuses}
        where ${logisticsStatuses.id} = ${logisticsTransports.statusId})`,
    })
    .from(logisticsTransports)
    .where(eq(logisticsTransports.id, transportId));
  const timeZone = await siteTimeZone(tx, row.siteId);
  const arrive = formatSiteDateTime(row.datetimeArrive, timeZone);
  const plate = row.licencePlate ?? '–';
  return {
    ...row,
    lines: (cs: boolean) =>
      [
        `${cs ? 'SPZ' : 'Licence plate'}: ${plate}`,
        `${cs ? 'Spedice' : 'Forwarder'}: ${row.spedition ?? '–'}`,
        `${cs ? 'Příjezd' : 'Arrival'}: ${arrive}`,
        `${cs ? 'Stav' : 'Status'}: ${row.status}`,
      ].join('\n'),
  };
}

async function queueAll(tx: Db, siteId: number, recipients: Iterable<string>, subject: string, body: string) {
  for (const recipient of new Set(recipients)) await queueEmail(tx, { siteId, recipient, subject, body });
}

/** A new transport, to the notification addresses of its logistics operations. */
export async function notifyNewTransport(tx: Db, transportId: number, operationIds: number[]): Promise<void> {
  if (operationIds.length === 0) return;
  const operations = await tx
    .select({ emails: logisticsOperations.notificationEmails })
    .from(logisticsOperations)
    .where(inArray(logisticsOperations.id, operationIds));
  const recipients = operations.flatMap((operation) => splitEmails(operation.emails));
  if (recipients.length === 0) return;
  const transport = await transportSummary(tx, transportId);
  const subject = `Nový transport / New transport: ${transport.licencePlate ?? transportId}`;
  const body = `Byl zaznamenán nový transport.\n${transport.lines(true)}\n\nA new transport was recorded.\n${transport.lines(false)}\n`;
  await queueAll(tx, transport.siteId, recipients, subject, body);
}

/** Who hears of an executed workflow operation: its notification addresses, its persons, its teams' members. */
export interface OperationNotification {
  name: string;
  recipients: string[];
}

/** The operation's name and recipients, in one statement (read before the transport is changed). */
export async function operationNotification(tx: Db, operationId: number): Promise<OperationNotification> {
  const [operation] = await operationNotificationStatement.rows<{
    name: string;
    emails: string | null;
    people: string[] | null;
  }>(tx, { operationId });
  return {
    name: operation.name,
    recipients: [...splitEmails(operation.emails), ...(operation.people ?? [])],
  };
}

const operationNotificationStatement = preparedStatement(() => {
  const operationId = sql`${sql.placeholder('operationId')}::int`;
  return sql`select ${workflowOperations.name} as name, ${workflowOperations.notificationEmails} as emails,
    (select array_agg(${persons.email}) from ${persons} where ${persons.email} is not null
      and (${persons.id} in (select ${workflowOperationPersons.personId} from ${workflowOperationPersons}
          where ${workflowOperationPersons.operationId} = ${operationId})
        or ${persons.id} in (select ${personGroupMembers.personId} from ${personGroupMembers}
          join ${workflowOperationTeams} on ${workflowOperationTeams.groupId} = ${personGroupMembers.groupId}
          where ${workflowOperationTeams.operationId} = ${operationId}))) as people
    from ${workflowOperations} where ${workflowOperations.id} = ${operationId}`;
});

/** The e-mails of an executed operation (after the transport moved: they tell its new status). */
export async function queueOperationEmails(
  tx: Db,
  transportId: number,
  operation: OperationNotification,
  userName: string,
): Promise<void> {
  if (operation.recipients.length === 0) return;
  const transport = await transportSummary(tx, transportId);
  const subject = `${operation.name}: ${transport.licencePlate ?? transportId}`;
  const body =
    `Na transportu byla provedena operace ${operation.name} (${userName}).\n${transport.lines(true)}\n\n` +
    `The operation ${operation.name} was executed on a transport (${userName}).\n${transport.lines(false)}\n`;
  await queueAll(tx, transport.siteId, operation.recipients, subject, body);
}
