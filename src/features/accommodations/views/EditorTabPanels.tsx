// One panel per editor tab: the tab's hook (data, save, delete) wired to the tab's component.
// A panel mounts only while its tab is open, so a tab's queries run only when it is shown.
import type { EditorCapabilities } from '../capabilities';
import { BasicsForm } from '../components/BasicsForm';
import { ChannelsTab } from '../components/ChannelsTab';
import { ContractFiles } from '../components/ContractFiles';
import { FeesTab } from '../components/FeesTab';
import { ImagesTab } from '../components/ImagesTab';
import { NtakTab } from '../components/NtakTab';
import { NtakRegistryPanel } from '@/features/registry/views/NtakRegistryPanel';
import { TaskPanel } from '@/features/tasks';
import { RatesTab } from '../components/RatesTab';
import { TaxesTab } from '../components/TaxesTab';
import { UnitsTab } from '../components/UnitsTab';
import { useBasicsTab } from '../hooks/useBasicsTab';
import { useChannelsTab } from '../hooks/useChannelsTab';
import { useFeesTab } from '../hooks/useFeesTab';
import { useImagesTab } from '../hooks/useImagesTab';
import { useNtakTab } from '../hooks/useNtakTab';
import { useRatesTab } from '../hooks/useRatesTab';
import { useTaxesTab } from '../hooks/useTaxesTab';
import { useUnitsTab } from '../hooks/useUnitsTab';

export interface PanelProps {
  id: string;
  can: EditorCapabilities;
  onDirtyChange: (formId: string, dirty: boolean) => void;
}

const today = () => new Date().toISOString().slice(0, 10);

export function BasicsPanel({ id, can, onDirtyChange, isNew, onCreated }: PanelProps & { isNew: boolean; onCreated: (newId: string) => Promise<void> }) {
  const { form, contracts } = useBasicsTab(id, isNew, can, onCreated);
  return (
    <>
      <BasicsForm {...form} onDirtyChange={onDirtyChange} />
      {contracts ? (
        <div style={{ marginTop: 24 }}>
          <ContractFiles {...contracts} />
        </div>
      ) : null}
    </>
  );
}

export function UnitsPanel({ id, can, onDirtyChange }: PanelProps) {
  return <UnitsTab {...useUnitsTab(id, can)} onDirtyChange={onDirtyChange} renderUnitExtra={can.readsTasks ? (unit) => <TaskPanel scope={{ unitId: unit.id }} /> : undefined} />;
}

export function RatesPanel({ id, can, onDirtyChange }: PanelProps) {
  return <RatesTab {...useRatesTab(id, can)} onDirtyChange={onDirtyChange} />;
}

export function NtakPanel({ id, can, onDirtyChange }: PanelProps) {
  const { initialValues, ...tab } = useNtakTab(id, can);
  if (!initialValues) return null;
  return (
    <>
      <NtakTab initialValues={initialValues} {...tab} onDirtyChange={onDirtyChange} />
      <NtakRegistryPanel id={id} canManage={can.ntak} />
    </>
  );
}

export function TaxesPanel({ id, can, onDirtyChange }: PanelProps) {
  return <TaxesTab {...useTaxesTab(id, can)} today={today()} onDirtyChange={onDirtyChange} />;
}

export function ImagesPanel({ id, can }: PanelProps) {
  return <ImagesTab {...useImagesTab(id, can)} />;
}

export function FeesPanel({ id, can, onDirtyChange }: PanelProps) {
  return <FeesTab {...useFeesTab(id, can)} onDirtyChange={onDirtyChange} />;
}

export function ChannelsPanel({ id, can, onDirtyChange }: PanelProps) {
  return <ChannelsTab {...useChannelsTab(id, can)} onDirtyChange={onDirtyChange} />;
}
