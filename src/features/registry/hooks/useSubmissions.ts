// One server-side page of submissions for a filter (limit/offset + the aggregate count).
import { useQuery } from '@apollo/client/react';
import type { registry_submissions_bool_exp } from '@/lib/graphql/schema.generated';
import { RegistrySubmissionsDocument } from '../graphql/registrySubmissions.generated';
import { PAGE_SIZE } from '../urls';
import { LIST_QUERY_OPTIONS } from '@/lib/apollo/listQuery';

export function useSubmissions(where: registry_submissions_bool_exp, page: number, pageSize = PAGE_SIZE, skip = false) {
  const q = useQuery(RegistrySubmissionsDocument, { variables: { where, limit: pageSize, offset: page * pageSize }, skip, ...LIST_QUERY_OPTIONS });
  const data = q.data ?? q.previousData;
  return {
    rows: data?.registry_submissions ?? [],
    total: data?.registry_submissions_aggregate.aggregate?.count ?? 0,
    loading: q.loading,
    error: Boolean(q.error),
  };
}
