import { fillApiPath, PERMALINK_PATH, VALIDATION_PATH, validationIdParamsSchema, type PageData, type PageMeta, type PageOwner } from '@val/contracts';
import type { AppDeps } from '../deps';
import { NotFoundError } from '../errors';
import { permalinkMeta } from './pageHead';

/**
 * The head of a permalink page (`/v/:id`): the idea and its score for link previews, and null
 * (the server answers 404) for an id that is not a validation's. Other pages, and a permalink
 * while the store cannot answer, keep their default head.
 */
export function permalinkPageMeta({ services }: Pick<AppDeps, 'services'>) {
  return async (owner: PageOwner, path: string): Promise<(PageMeta & { data?: PageData }) | null | undefined> => {
    if (!('remote' in owner) || owner.remote !== 'validation' || owner.route.path !== PERMALINK_PATH) return undefined;
    const parsed = validationIdParamsSchema.safeParse({ validationId: path.split('/')[2] ?? '' });
    if (!parsed.success) return null;
    try {
      const validation = await services.validation.get(parsed.data.validationId);
      // The page's data too (the first screen is rendered with it): the answer of `GET /api/validations/{id}`, as JSON.
      const data: PageData = { [fillApiPath(VALIDATION_PATH, { validationId: parsed.data.validationId })]: JSON.parse(JSON.stringify(validation)) as unknown };
      return { ...permalinkMeta(validation), data };
    } catch (e) {
      if (e instanceof NotFoundError) return null;
      // The store is unreachable: the page still loads (with the default head) and shows its own error state.
      return undefined;
    }
  };
}
