// Pricing: one engine for every "what does this stay cost" — the calendar, the booking editor,
// the guest journey and functions/quote. See engine.ts for the order of rules and the decisions.
export * from './days';
export * from './engine';
export * from './reasons';
export * from './rules';
export { addPpm, ppmOf, ppmShare } from './exact';
