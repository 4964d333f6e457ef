import type { TFunction } from 'i18next';
import { visit, type Entity } from '@strazce/contract';
import type { CrudPageProps } from '../../components/crud/types';
import type { Row } from '../../components/crud/fieldWire';
import {
  GateCell,
  MovementCell,
  PersonalText,
  PurposeCell,
  TimeCell,
  VisitorCell,
} from '../../components/gate/visitCells';

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
 * Columns of the visit lists, narrow enough for a 1440 px screen without scrolling: time (short), the
 * movement (direction with the state of an entry below), the visitor (names, card, companions, equipment,
 * company and the blacklist checks; the column filters by last name), purpose with the visited person, gate
 * and plate. Document, parking place and note are in the detail (and the CSV export).
 */
export function visitColumns(t: TFunction): Pick<CrudPageProps, 'columns' | 'columnTitles' | 'render'> {
  return {
    columns: ['movementTime', 'direction', 'lastName', 'purpose', 'gate', 'vehiclePlate'],
    columnTitles: {
      direction: t('visits.columns.movement'),
      lastName: t('visits.columns.visitor'),
      purpose: t('visits.columns.purpose'),
      vehiclePlate: t('visits.columns.plate'),
    },
    render: {
      movementTime: (value) => <TimeCell value={value} />,
      direction: (_, record: Row) => <MovementCell record={record} />,
      lastName: (_, record: Row) => <VisitorCell record={record} />,
      purpose: (_, record: Row) => <PurposeCell record={record} />,
      gate: (value) => <GateCell value={value} />,
      vehiclePlate: (value) => <PersonalText value={value} nowrap />,
    },
  };
}
