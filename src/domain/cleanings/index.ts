// Cleaning rules: which cleanings a booking needs, who cleans, the next arrival, the week board.
export * from './plan';
export * from './nextArrival';
export * from './board';
