import type { TFunction } from 'i18next';
import { visit, type Entity } from '@strazce/contract';
import type { CrudPageProps } from '../../components/crud/types';
import type { Row } from '../../components/crud/fieldWire';
import {
  AreaState,
  BlacklistMarkers,
  DirectionTag,
  PersonalText,
  PurposeCell,
  TimeCell,
  VisitorCell,
} from './visitCells';

/** Filters that search by personal data: the server refuses them without VIEW_PERSONAL_INFO. */
const PERSONAL_FILTERS = ['firstName', 'lastName', 'documentNumber', 'vehiclePlate'];

/** The visit entity as the list offers it: without the personal-data filters for users who may not search so. */
export function visitEntityFor(seesPersonal: boolean): Entity {
  if (seesPersonal) return visit as unknown as Entity;
  const fields = { ...visit.fields } as Entity['fields'];
  for (const name of PERSONAL_FILTERS) fields[name] = { ...fields[name], filter: undefined };
  return { ...(visit as unknown as Entity), fields };
}

/**
 * Columns of the visit lists: time, direction, state, visitor (names, company and card; the column filters by
 * last name), purpose with the visited person, gate, plate and the blacklist checks.
 */
export function visitColumns(
  t: TFunction,
  options: { checks?: boolean } = {},
): Pick<CrudPageProps, 'columns' | 'columnTitles' | 'render'> {
  const checks = options.checks ?? true;
  return {
    columns: [
      'movementTime',
      'direction',
      'inArea',
      'lastName',
      'purpose',
      'gate',
      'vehiclePlate',
      ...(checks ? ['blacklistGovernmentPerson'] : []),
    ],
    columnTitles: {
      inArea: t('visits.columns.state'),
      lastName: t('visits.columns.visitor'),
      purpose: t('visits.columns.purpose'),
      blacklistGovernmentPerson: t('visits.blacklist.title'),
    },
    render: {
      direction: (value) => <DirectionTag direction={value} />,
      inArea: (_, record: Row) => <AreaState record={record} />,
      lastName: (_, record: Row) => <VisitorCell record={record} />,
      movementTime: (value) => <TimeCell value={value} />,
      purpose: (_, record: Row) => <PurposeCell record={record} />,
      vehiclePlate: (value) => <PersonalText value={value} />,
      blacklistGovernmentPerson: (_, record: Row) => <BlacklistMarkers record={record} />,
    },
  };
}
