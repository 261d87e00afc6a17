import {
  DELETE_TOKEN_HEADER,
  HttpError,
  VALIDATION_COMPARE_PATH,
  VALIDATION_ID_PATTERN,
  VALIDATION_PATH,
  apiRequest,
  type StoredValidationView,
  type ValidationComparison,
} from '@val/contracts';

const url = (base: string, path: string) => `${base.replace(/\/$/, '')}${path}`;
const one = (id: string) => VALIDATION_PATH.replace('{validationId}', encodeURIComponent(id));

/** True for a well-formed validation id (a UUID). */
export const isValidationId = (id: string | undefined | null): id is string => !!id && VALIDATION_ID_PATTERN.test(id);

/** `GET /api/validations/{validationId}`; null when it does not exist (404) or the id is not one (400). */
export async function fetchValidation(base: string, id: string, signal?: AbortSignal): Promise<StoredValidationView | null> {
  try {
    return await apiRequest<StoredValidationView>('GET', url(base, one(id)), undefined, { signal });
  } catch (e) {
    if (e instanceof HttpError && (e.status === 404 || e.status === 400)) return null;
    throw e;
  }
}

/** `GET /api/validations/compare?base=&head=`. */
export async function fetchComparison(base: string, baseId: string, headId: string, signal?: AbortSignal): Promise<ValidationComparison> {
  const q = new URLSearchParams({ base: baseId, head: headId });
  const r = await apiRequest<ValidationComparison>('GET', `${url(base, VALIDATION_COMPARE_PATH)}?${q}`, undefined, { signal });
  if (!r) throw new Error('The comparison is empty');
  return r;
}

/** `DELETE /api/validations/{validationId}` with its token; a validation already gone counts as deleted. */
export async function deleteValidation(base: string, id: string, token: string): Promise<void> {
  try {
    await apiRequest('DELETE', url(base, one(id)), undefined, { headers: { [DELETE_TOKEN_HEADER]: token } });
  } catch (e) {
    if (e instanceof HttpError && e.status === 404) return;
    throw e;
  }
}
