import { lazyDialog } from '../../lib/lazyDialog';

/**
 * The entry and departure dialogs of the vehicle console (and of its plate reads): fetched once the console is
 * on screen, not with it (the page budget of web/scripts/bundleBudget.mjs).
 */
export const VehicleEntryDialog = lazyDialog(() =>
  import('./VehicleEntryDialog').then((module) => module.VehicleEntryDialog),
);
export const VehicleLeaveDialog = lazyDialog(() =>
  import('./VehicleLeaveDialog').then((module) => module.VehicleLeaveDialog),
);
