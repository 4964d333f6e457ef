/** What key management offers other modules: the keys lent during a visit (visit dialogs and detail). */
export { VisitKeysAlert, VisitKeysSection, useConfirmKeysHeld, useVisitKeys } from './visitKeys';
