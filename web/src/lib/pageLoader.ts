import type { ComponentType } from 'react';

/** A lazily loaded page; each becomes its own chunk. Module folders map their route paths to these. */
export type PageLoader = () => Promise<{ default: ComponentType }>;
