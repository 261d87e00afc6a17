import { z } from 'zod';

/** The four federated remotes, by the short name used in config and URLs. */
export const REMOTE_NAMES = ['validation', 'simulation', 'catalogue', 'admin'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

/** Module Federation container name of each remote (must match its webpack config). */
export const FEDERATION_NAMES: Record<RemoteName, string> = {
  validation: 'val_validation',
  simulation: 'val_simulation',
  catalogue: 'val_catalogue',
  admin: 'val_admin',
};

/** `GET /remotes.json`: where each remote's manifest lives, read by the shell at run time. */
export const remotesManifestSchema = z.object({
  remotes: z.array(
    z.object({
      key: z.enum(REMOTE_NAMES),
      name: z.string(),
      entry: z.string(),
    }),
  ),
  /** Slug of the founder page (`/{name}` in the spec). */
  founderSlug: z.string(),
});
export type RemotesManifest = z.infer<typeof remotesManifestSchema>;
