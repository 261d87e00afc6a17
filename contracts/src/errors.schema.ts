import { z } from 'zod';
import './zodConfig';

/** The JSON body of every non-2xx answer of the BFF. */
export const apiErrorBodySchema = z.object({
  error: z.object({ code: z.string(), message: z.string() }),
});
