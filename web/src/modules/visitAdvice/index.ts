/** What the advice module offers other modules: an entry from an approved advice (the guard's console). */
export { AdviceToVisitDialog } from './AdviceToVisitDialog';
