// "Today" in Budapest for due dates (the cleanings area keeps the same rule).
export { budapestToday } from '../cleanings/today';
