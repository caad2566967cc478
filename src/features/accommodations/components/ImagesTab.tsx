// The images tab: upload JPG/PNG/WebP, reorder (drag and drop, or the buttons for keyboard
// users), choose the cover (the first image) and delete. Thumbnails are resized by the storage
// service's image transforms; the view builds their URLs.
import { useRef, useState, type DragEvent, type LiHTMLAttributes } from 'react';
import { useTranslation } from 'next-i18next/pages';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

export interface ImageItem {
  fileId: string;
  /** Thumbnail URL, or null while it is being fetched. */
  thumbnailUrl: string | null;
}

export interface ImagesTabProps {
  images: ImageItem[];
  readOnly?: boolean;
  uploading?: boolean;
  onUpload: (files: File[]) => Promise<void>;
  /** The full new order of file ids; the first is the cover. */
  onReorder: (fileIds: string[]) => Promise<void>;
  onDelete: (fileId: string) => Promise<void>;
}

/** Moves the item at `from` to `to`, leaving the others in order. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const result = [...list];
  const [item] = result.splice(from, 1);
  result.splice(Math.max(0, Math.min(to, result.length)), 0, item);
  return result;
}

export function ImagesTab({ images, readOnly, uploading, onUpload, onReorder, onDelete }: ImagesTabProps) {
  const { t } = useTranslation('accommodation');
  const input = useRef<HTMLInputElement>(null);
  const [rejected, setRejected] = useState<string[]>([]);
  const ids = images.map((image) => image.fileId);
  // HTML5 drag and drop: the image being dragged and the one it is over (highlighted).
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  const [dragOver, setDragOver] = useState<number | null>(null);
  const endDrag = () => {
    setDragFrom(null);
    setDragOver(null);
  };
  const dragProps = (index: number, fileId: string): LiHTMLAttributes<HTMLLIElement> =>
    readOnly
      ? {}
      : {
          draggable: true,
          onDragStart: (event: DragEvent<HTMLLIElement>) => {
            setDragFrom(index);
            // Firefox starts a drag only with data set.
            event.dataTransfer?.setData('text/plain', fileId);
            if (event.dataTransfer) event.dataTransfer.effectAllowed = 'move';
          },
          onDragOver: (event: DragEvent<HTMLLIElement>) => {
            if (dragFrom === null) return;
            event.preventDefault();
            if (event.dataTransfer) event.dataTransfer.dropEffect = 'move';
            if (dragOver !== index) setDragOver(index);
          },
          onDragLeave: () => setDragOver((current) => (current === index ? null : current)),
          onDrop: (event: DragEvent<HTMLLIElement>) => {
            event.preventDefault();
            const from = dragFrom;
            endDrag();
            if (from !== null && from !== index) void onReorder(moveItem(ids, from, index));
          },
          onDragEnd: endDrag,
        };

  const pick = (files: FileList | null) => {
    const list = Array.from(files ?? []);
    const accepted = list.filter((file) => (ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type));
    setRejected(list.filter((file) => !accepted.includes(file)).map((file) => file.name));
    if (accepted.length) void onUpload(accepted);
    if (input.current) input.current.value = '';
  };

  return (
    <Stack spacing={2}>
      <Typography variant="h6" component="h2">
        {t('tabs.images')}
      </Typography>
      {readOnly ? null : (
        <div>
          <input ref={input} id="image-upload" type="file" accept={ACCEPTED_IMAGE_TYPES.join(',')} multiple hidden onChange={(event) => pick(event.target.files)} aria-label={t('images.choose')} />
          <Button variant="outlined" onClick={() => input.current?.click()} disabled={uploading}>
            {uploading ? t('images.uploading') : t('images.upload')}
          </Button>
          <Typography variant="body2" color="text.secondary">
            {t('images.accepted')}
          </Typography>
        </div>
      )}
      {rejected.length ? <Alert severity="error">{t('images.wrongType', { names: rejected.join(', ') })}</Alert> : null}
      {images.length === 0 ? <Typography color="text.secondary">{t('images.empty')}</Typography> : null}
      {!readOnly && images.length > 1 ? (
        <Typography variant="body2" color="text.secondary">
          {t('images.dragHint')}
        </Typography>
      ) : null}
      <ol style={{ listStyle: 'none', padding: 0, margin: 0, display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))', gap: 16 }} aria-label={t('images.gallery')}>
        {images.map((image, index) => (
          <li
            key={image.fileId}
            data-file-id={image.fileId}
            {...dragProps(index, image.fileId)}
            style={{ cursor: readOnly ? undefined : 'grab', outline: dragOver === index ? '2px dashed currentColor' : undefined, opacity: dragFrom === index ? 0.5 : 1, borderRadius: 4 }}
          >
            <Stack spacing={1}>
              {image.thumbnailUrl ? (
                <img src={image.thumbnailUrl} alt={t('images.alt', { position: index + 1 })} draggable={false} width={200} height={150} style={{ objectFit: 'cover', borderRadius: 4 }} />
              ) : (
                <div style={{ width: 200, height: 150, background: '#eee' }} />
              )}
              {index === 0 ? <Chip size="small" color="primary" label={t('images.cover')} /> : null}
              {readOnly ? null : (
                <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap' }}>
                  <Button size="small" disabled={index === 0} onClick={() => void onReorder(moveItem(ids, index, index - 1))} aria-label={t('images.moveEarlier', { position: index + 1 })}>
                    {t('images.earlier')}
                  </Button>
                  <Button size="small" disabled={index === images.length - 1} onClick={() => void onReorder(moveItem(ids, index, index + 1))} aria-label={t('images.moveLater', { position: index + 1 })}>
                    {t('images.later')}
                  </Button>
                  {index > 0 ? (
                    <Button size="small" onClick={() => void onReorder(moveItem(ids, index, 0))} aria-label={t('images.makeCoverN', { position: index + 1 })}>
                      {t('images.makeCover')}
                    </Button>
                  ) : null}
                  <Button
                    size="small"
                    color="error"
                    aria-label={t('images.deleteN', { position: index + 1 })}
                    onClick={() => {
                      if (window.confirm(t('images.confirmDelete'))) void onDelete(image.fileId);
                    }}
                  >
                    {t('actions.delete')}
                  </Button>
                </Stack>
              )}
            </Stack>
          </li>
        ))}
      </ol>
    </Stack>
  );
}
