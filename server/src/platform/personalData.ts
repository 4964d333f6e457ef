import type { FastifyRequest } from 'fastify';
import type { ListQuery } from '@strazce/contract';
import { AppError } from './errors';
import { hasRole } from './guard';

/** May the caller see personal data (names, documents, plates, companions)? */
export const seesPersonalData = (request?: FastifyRequest) =>
  request !== undefined && hasRole(request, 'VIEW_PERSONAL_INFO');

/**
 * May the caller see document numbers in lists and records? Not on a site that withholds them until asked for
 * (DOCUMENT_NUMBERS_ON_REQUEST): there a holder of VIEW_PERSONAL_INFO asks for a record's (`registerDocumentReveal`,
 * logged).
 */
export const seesDocumentNumbers = (request?: FastifyRequest) =>
  seesPersonalData(request) && request?.session?.documentsOnRequest !== true;

/** A list query (already parsed: its filters under `filters`) searching by personal data needs VIEW_PERSONAL_INFO. */
export function refusePersonalFilters(request: FastifyRequest, personalFilters: readonly string[]): void {
  if (seesPersonalData(request)) return;
  const filters = ((request.query as Partial<ListQuery> | undefined)?.filters ?? {}) as Record<
    string,
    unknown
  >;
  if (personalFilters.some((name) => filters[name] !== undefined && filters[name] !== ''))
    throw new AppError('PERSONAL_DATA_REQUIRED', 'Searching by personal data needs VIEW_PERSONAL_INFO');
}

/** Calls that answer personal data only (autocomplete, last movement by name) need VIEW_PERSONAL_INFO. */
export function requirePersonalData(request: FastifyRequest): void {
  if (!seesPersonalData(request))
    throw new AppError('PERSONAL_DATA_REQUIRED', 'VIEW_PERSONAL_INFO is required');
}
