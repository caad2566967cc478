// The pm and manager contracts of an accommodation on the basics tab: one file each, uploaded to
// storage, downloadable through a short-lived link the view makes.
import { useRef } from 'react';
import { useTranslation } from 'next-i18next/pages';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

export type ContractKind = 'pm' | 'manager';

export interface ContractFilesProps {
  files: Record<ContractKind, string | null>;
  readOnly?: boolean;
  onUpload: (kind: ContractKind, file: File) => Promise<void>;
  onDownload: (fileId: string) => Promise<void>;
}

function ContractRow({ kind, fileId, readOnly, onUpload, onDownload }: { kind: ContractKind; fileId: string | null } & Omit<ContractFilesProps, 'files'>) {
  const { t } = useTranslation('accommodation');
  const input = useRef<HTMLInputElement>(null);
  const label = t(`contracts.${kind}`);
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <Typography sx={{ minWidth: 260 }}>{label}</Typography>
      {fileId ? (
        <Button size="small" onClick={() => void onDownload(fileId)}>
          {t('contracts.download')}
        </Button>
      ) : (
        <Typography color="text.secondary">{t('contracts.none')}</Typography>
      )}
      {readOnly ? null : (
        <>
          <input
            ref={input}
            type="file"
            hidden
            aria-label={t('contracts.upload', { name: label })}
            accept="application/pdf,image/jpeg,image/png"
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) void onUpload(kind, file);
              event.target.value = '';
            }}
          />
          <Button size="small" variant="outlined" onClick={() => input.current?.click()}>
            {t('contracts.upload', { name: label })}
          </Button>
        </>
      )}
    </Stack>
  );
}

export function ContractFiles({ files, ...props }: ContractFilesProps) {
  const { t } = useTranslation('accommodation');
  return (
    <Stack spacing={1} component="section" aria-label={t('contracts.title')}>
      <Typography variant="subtitle1" component="h3">
        {t('contracts.title')}
      </Typography>
      <ContractRow kind="pm" fileId={files.pm} {...props} />
      <ContractRow kind="manager" fileId={files.manager} {...props} />
    </Stack>
  );
}
