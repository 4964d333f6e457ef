/** What the vehicles module offers other modules: the vehicle entry dialog (an entry from a vehicle advice). */
export { VehicleEntryDialog } from './VehicleEntryDialog';
