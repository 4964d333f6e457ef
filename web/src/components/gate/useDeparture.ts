import { useState } from 'react';
import { App } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Entity } from '@strazce/contract';
import { ApiError, NetworkError, api } from '../../lib/api';
import { apiErrorText } from '../../lib/apiErrors';
import { toWireDateTime } from '../../lib/format';
import type { DialogProblem } from '../ActionDialog';
import { entityQueryKey } from '../crud/CrudDialog';
import type { Row } from '../crud/fieldWire';
import { departureBody, type DepartureValues } from './DepartureFields';

/** What a kind adds to the departure's body (a vehicle: whether its trailer leaves with it). */
export type DepartureExtra = Record<string, unknown>;

/**
 * What the leave dialogs of visits and vehicles share: the entry chosen (given, or found by the search), the
 * departure's gate, time and note, the problem shown, and `POST /api/<resource>/:id/leave` with what the kind
 * adds to the body (a vehicle's trailer). The dialog shows its own finder, summary and fields.
 */
export function useDeparture({
  entity,
  entry,
  gateId,
  doneText,
  onClose,
}: {
  entity: Entity;
  entry: Row | null;
  /** The guard's gate, preselected. */
  gateId: number | null;
  /** The message after the departure is recorded, from what the kind added to the body. */
  doneText(extra: DepartureExtra): string;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState<Row | null>(entry);
  const [search, setSearch] = useState('');
  const [departure, setDeparture] = useState<DepartureValues>({ gateId, time: null, note: '' });
  const [problem, setProblem] = useState<DialogProblem | null>(null);

  const leave = useMutation({
    mutationFn: (extra: DepartureExtra) =>
      api.post<Row>(
        `/${entity.resource}/${chosen!.id}/leave`,
        { ...departureBody(departure, toWireDateTime), ...extra },
        { silent: true },
      ),
    onSuccess: (_answer, extra) => {
      void queryClient.invalidateQueries({ queryKey: entityQueryKey(entity) });
      message.success(doneText(extra));
      onClose();
    },
    onError: (error) => setProblem({ text: apiErrorText(error as ApiError | NetworkError, t) }),
  });

  return {
    chosen,
    setChosen,
    search,
    setSearch,
    departure,
    setDeparture,
    /** What the dialog's frame (ActionDialog) takes from the departure. */
    dialog: {
      busy: leave.isPending,
      problem,
      // Nothing to send until an entry is chosen and a gate given.
      submitDisabled: chosen === null || departure.gateId === null,
      // Typed work the dialog must not lose: a note or a time.
      isDirty: () => departure.note.trim() !== '' || departure.time !== null,
      onClose,
    },
    record(extra: DepartureExtra = {}) {
      setProblem(null);
      leave.mutate(extra);
    },
  };
}
