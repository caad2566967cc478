// The images tab: the accommodation's images with thumbnails, upload (storage, then a row at the
// end of the gallery), reorder and delete.
import { useState } from 'react';
import { useMutation } from '@apollo/client/react';
import { useNhostClient } from '@nhost/nextjs';
import { useWrite } from '@/components/form/useWrite';
import type { EditorCapabilities } from '../capabilities';
import { DeleteAccommodationFileDocument } from '../graphql/deleteAccommodationFile.generated';
import { InsertAccommodationFileDocument } from '../graphql/insertAccommodationFile.generated';
import { ReorderAccommodationFilesDocument } from '../graphql/reorderAccommodationFiles.generated';
import { DETAILS_REFETCH, useAccommodation } from './useAccommodation';
import { useThumbnails } from './useThumbnails';

export function useImagesTab(id: string, can: EditorCapabilities) {
  const write = useWrite();
  const nhost = useNhostClient();
  const { accommodation } = useAccommodation(id);
  const files = accommodation?.accommodation_files ?? [];
  const thumbnails = useThumbnails(files.map((f) => f.file_id));
  const [uploading, setUploading] = useState(false);
  const [insertFile] = useMutation(InsertAccommodationFileDocument, DETAILS_REFETCH);
  const [reorderFiles] = useMutation(ReorderAccommodationFilesDocument, DETAILS_REFETCH);
  const [deleteFile] = useMutation(DeleteAccommodationFileDocument, DETAILS_REFETCH);
  return {
    images: files.map((f) => ({ fileId: f.file_id, thumbnailUrl: thumbnails.get(f.file_id) ?? null })),
    readOnly: !can.images,
    uploading,
    onUpload: async (chosen: File[]) => {
      setUploading(true);
      const start = files.reduce((max, f) => Math.max(max, f.position + 1), 0);
      await write(async () => {
        for (const [index, file] of chosen.entries()) {
          const { fileMetadata, error } = await nhost.storage.upload({ file, bucketId: 'default' });
          if (error || !fileMetadata) throw new Error(error?.message ?? file.name);
          await insertFile({ variables: { accommodationId: id, fileId: fileMetadata.id, position: start + index } });
        }
      });
      setUploading(false);
    },
    onReorder: async (order: string[]) =>
      void (await write(() => reorderFiles({ variables: { updates: order.map((fileId, position) => ({ where: { accommodation_id: { _eq: id }, file_id: { _eq: fileId } }, _set: { position } })) } }))),
    onDelete: async (fileId: string) => {
      const result = await write(() => deleteFile({ variables: { accommodationId: id, fileId } }), 'deleted');
      // The file itself can only be deleted by its uploader; a refusal leaves an unlinked file.
      if (result === null) await nhost.storage.delete({ fileId });
    },
  };
}
