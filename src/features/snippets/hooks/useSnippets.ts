// The snippets page's data and writes: all snippets (a few dozen per office, so one query and a
// filter in the page, see SnippetsView), save by id, delete.
import { useCallback } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { useWrite } from '@/components/form/useWrite';
import type { SaveResult } from '@/components/form/submit';
import type { SnippetValues } from '@/domain/snippets';
import { refetching } from '@/lib/apollo/refetching';
import { DeleteSnippetDocument } from '../graphql/deleteSnippet.generated';
import { SnippetsDocument } from '../graphql/snippets.generated';
import { UpsertSnippetDocument } from '../graphql/upsertSnippet.generated';

export function useSnippets() {
  const query = useQuery(SnippetsDocument);
  const [upsert] = useMutation(UpsertSnippetDocument, refetching('Snippets'));
  const [remove] = useMutation(DeleteSnippetDocument, refetching('Snippets'));
  const write = useWrite();
  const save = useCallback(
    (id: string | null, values: SnippetValues): Promise<SaveResult> =>
      write(() => upsert({ variables: { object: { ...(id ? { id } : {}), name: values.name, language: values.language, category: values.category || null, body: values.body } } })),
    [write, upsert],
  );
  const onDelete = useCallback((id: string) => write(() => remove({ variables: { id } }), 'deleted'), [write, remove]);
  return { snippets: query.data?.snippets ?? [], loading: query.loading, error: query.error, save, onDelete };
}
