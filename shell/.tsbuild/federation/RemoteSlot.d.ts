import type { AdminAppProps, CatalogueAppProps, RemoteName, SimulationAppProps, ValidationAppProps } from '@val/contracts';
/** The props of each remote's exposed App. */
export interface RemotePropsMap {
    validation: ValidationAppProps;
    simulation: SimulationAppProps;
    catalogue: CatalogueAppProps;
    admin: AdminAppProps;
}
/**
 * A federated remote in a slot of the page: reserves its space while loading, retries once,
 * and shows "This section is unavailable — Retry" instead of taking the page down.
 */
export declare function RemoteSlot<K extends RemoteName>({ remote, props, minHeight, }: {
    remote: K;
    props: RemotePropsMap[K];
    minHeight?: number;
}): import("react").JSX.Element;
