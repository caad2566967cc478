// The tasks area: the task list and the panel other screens mount (booking, thread, unit).
export { TasksView } from './views/TasksView';
export { TaskPanel } from './components/TaskPanel';
export { BookingTasksPanel } from './views/BookingTasksPanel';
export { tasksUrl } from './urls';
export type { TaskScope } from './listQuery';
