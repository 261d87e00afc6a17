import { z } from 'zod';
import './zodConfig';
import { REMOTE_NAMES, type RemotesManifest } from './remotes';

/** Schema of `GET /remotes.json` (the BFF's tests; the shell uses parseRemotesManifest). */
export const remotesManifestSchema: z.ZodType<RemotesManifest> = z.object({
  remotes: z.array(
    z.object({
      key: z.enum(REMOTE_NAMES),
      name: z.string(),
      entry: z.string(),
      routes: z.array(
        z.object({ path: z.string().startsWith('/'), title: z.string().min(1), description: z.string().min(1), noindex: z.boolean().optional() }),
      ),
    }),
  ),
  founderSlug: z.string(),
});
