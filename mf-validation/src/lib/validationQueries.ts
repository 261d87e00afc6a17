import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StoredValidationView } from '@val/contracts';
import { toast } from '@val/ui';
import { deleteTokenOf, forgetValidation, rememberValidation } from './myValidations';
import { DELETE_TOASTS, deleteValidation, fetchValidation, isValidationId } from './validations';

/*
 * A stored validation as server state (TanStack Query), for the permalink page (a lazy chunk). Not
 * imported by anything the landing page loads (the lab, its "compare" chunk, the resources kit):
 * they stay free of @tanstack/react-query.
 */

/** The cache key of one stored validation, read through the API at `apiBase`. */
export const validationKey = (apiBase: string, id: string) => ['validation', apiBase, id] as const;

/**
 * `GET /api/validations/{id}`: the validation, null when it does not exist (or `id` is not one;
 * then nothing is asked). One try: the page offers Retry. Each answer also refreshes this
 * browser's own list ("My validations") with the stored score when the validation is its own.
 */
export function useStoredValidation(apiBase: string, id: string | null | undefined, initial?: StoredValidationView) {
  const valid = isValidationId(id);
  // The server's answer for this page (its HTML shows it): used as is for a minute, not asked again on arrival.
  const given = valid && initial?.id === id ? initial : undefined;
  return useQuery({
    queryKey: validationKey(apiBase, valid ? id : ''),
    enabled: valid,
    retry: false,
    ...(given ? { initialData: given, staleTime: 60_000 } : {}),
    // Not kept once the page is left: a later visit asks again behind the spinner, as the page always did, so a
    // validation deleted meanwhile from "My validations" (which does not go through this cache) is never shown stale.
    gcTime: 0,
    queryFn: async ({ signal }): Promise<StoredValidationView | null> => {
      try {
        const v = await fetchValidation(apiBase, id as string, signal);
        if (v && deleteTokenOf(v.id)) rememberValidation({ id: v.id, idea: v.idea, createdAt: v.createdAt, score: v.score });
        return v;
      } catch (err) {
        if (!signal.aborted) console.error('Loading the validation failed', err);
        throw err;
      }
    },
  });
}

/**
 * `DELETE /api/validations/{id}` with this browser's delete token. Once deleted it leaves this
 * browser's list and its cached value becomes "not found" (null), wherever it is shown. The toasts
 * (DELETE_TOASTS) show even if the page is left before the answer.
 */
export function useDeleteValidation(apiBase: string) {
  const client = useQueryClient();
  return useMutation({
    mutationKey: ['deleteValidation', apiBase],
    mutationFn: ({ id, token }: { id: string; token: string }) => deleteValidation(apiBase, id, token),
    onSuccess: (_done, { id }) => {
      forgetValidation(id);
      toast({ ...DELETE_TOASTS.deleted, variant: 'success' });
      client.setQueryData(validationKey(apiBase, id), null);
    },
    onError: (err) => {
      console.error('Deleting the validation failed', err);
      toast(DELETE_TOASTS.deleteFailed);
    },
  });
}
