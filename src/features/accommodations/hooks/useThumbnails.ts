// Resized thumbnails of storage files through the storage service's image transforms (w/h/q),
// as short-lived presigned URLs so private files stay private.
import { useEffect, useState } from 'react';
import { useNhostClient } from '@nhost/nextjs';

export const THUMBNAIL = { width: 400, height: 300, quality: 80 } as const;

export function useThumbnails(fileIds: readonly string[]): ReadonlyMap<string, string> {
  const nhost = useNhostClient();
  const [urls, setUrls] = useState<ReadonlyMap<string, string>>(new Map());
  const key = fileIds.join(',');
  useEffect(() => {
    let cancelled = false;
    const ids = key ? key.split(',') : [];
    void Promise.all(
      ids.map(async (fileId) => {
        const { presignedUrl } = await nhost.storage.getPresignedUrl({ fileId, ...THUMBNAIL });
        return [fileId, presignedUrl?.url ?? ''] as const;
      }),
    ).then((entries) => {
      if (!cancelled) setUrls(new Map(entries.filter(([, url]) => url)));
    });
    return () => {
      cancelled = true;
    };
  }, [key, nhost]);
  return urls;
}
