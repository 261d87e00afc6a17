import { DELETE_TOKEN_HEADER, VALIDATION_ID_PATTERN, type StoredValidationView, type ValidationComparison } from '@val/contracts';
import { valApi } from './api';

/*
 * The permalink page, the comparison and My validations call the API through the typed client
 * (loaded lazily, see ./api). Its errors are HttpErrors of the client's chunk: read `status`.
 */

function statusOf(e: unknown): number | undefined {
  const status = e instanceof Error ? (e as Error & { status?: unknown }).status : undefined;
  return typeof status === 'number' ? status : undefined;
}

/** The toasts after a delete, the same on the permalink page and in My validations. */
export const DELETE_TOASTS = {
  deleted: { title: 'Validation deleted', description: 'Its link now shows “not found”.' },
  deleteFailed: { title: 'Error', description: 'Could not delete this validation. Please try again.' },
} as const;

/** True for a well-formed validation id (a UUID). */
export const isValidationId = (id: string | undefined | null): id is string => !!id && VALIDATION_ID_PATTERN.test(id);

/** `GET /api/validations/{validationId}`; null when it does not exist (404) or the id is not one (400). */
export async function fetchValidation(base: string, id: string, signal?: AbortSignal): Promise<StoredValidationView | null> {
  try {
    return await (await valApi(base)).call('getValidation', { params: { validationId: id } }, { signal });
  } catch (e) {
    const status = statusOf(e);
    if (status === 404 || status === 400) return null;
    throw e;
  }
}

/** `GET /api/validations/compare?base=&head=`. */
export async function fetchComparison(base: string, baseId: string, headId: string, signal?: AbortSignal): Promise<ValidationComparison> {
  const r: ValidationComparison | undefined = await (await valApi(base)).call('compareValidations', { query: { base: baseId, head: headId } }, { signal });
  if (!r) throw new Error('The comparison is empty');
  return r;
}

/** `DELETE /api/validations/{validationId}` with its token; a validation already gone counts as deleted. */
export async function deleteValidation(base: string, id: string, token: string): Promise<void> {
  try {
    await (await valApi(base)).call('deleteValidation', { params: { validationId: id } }, { headers: { [DELETE_TOKEN_HEADER]: token } });
  } catch (e) {
    if (statusOf(e) === 404) return;
    throw e;
  }
}
