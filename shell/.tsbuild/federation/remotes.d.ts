import { type RemoteName, type RemotesManifest } from '@val/contracts';
import type { ComponentType } from 'react';
/** Reads `/remotes.json` (served by the BFF from its config) once and registers every remote. */
export declare function getManifest(): Promise<RemotesManifest>;
/**
 * Loads a remote's exposed `App`. `fresh` drops the runtime's cached container first, so a
 * retry after a failure really fetches the remote again.
 */
export declare function loadRemoteApp<P>(key: RemoteName, fresh?: boolean): Promise<ComponentType<P>>;
