// What a staff page shows around its view once the browser runs: the data client and the guarded
// shell (whose navigation shows the inbox's live unread count, so it needs the client too). Staff
// layouts load it as a chunk of its own (docs/performance.md); its contents were on every staff
// page's first-load path before.
import type { ReactNode } from 'react';
import DataProvider from '@/components/DataProvider';
import { StaffFrame, type StaffFrameProps } from './StaffFrame';

export default function StaffChrome({ children, ...frame }: StaffFrameProps & { children: ReactNode }) {
  return (
    <DataProvider>
      <StaffFrame {...frame}>{children}</StaffFrame>
    </DataProvider>
  );
}
