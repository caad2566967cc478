// /cleanings picks the screen by role: the cleaner's phone list, or the week board (editable for
// members and managers, read-only for communicators and admins reading along).
import { useSessionUser } from '@/features/shell';
import { CleanerCleaningsView } from './CleanerCleaningsView';
import { CleaningBoardView } from './CleaningBoardView';

export function CleaningsView() {
  const { user } = useSessionUser();
  if (!user) return null;
  if (user.role === 'cleaner') return <CleanerCleaningsView me={user.id} />;
  return <CleaningBoardView canEdit={user.role === 'member' || user.role === 'manager' || user.role === 'admin'} />;
}
