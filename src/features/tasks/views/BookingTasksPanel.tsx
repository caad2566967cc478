// The booking editor's "Tasks & cleaning" section: the booking's tasks and its cleanings.
import Stack from '@mui/material/Stack';
import { BookingCleanings } from '@/features/cleanings';
import type { BookingSectionProps } from '@/features/bookings';
import { TaskPanel } from '../components/TaskPanel';

export function BookingTasksPanel({ bookingId }: BookingSectionProps) {
  return (
    <Stack spacing={4}>
      <TaskPanel scope={{ bookingId }} />
      <BookingCleanings bookingId={bookingId} />
    </Stack>
  );
}
