/** See shellSources.mjs. */
export declare const SHELL_SOURCES: readonly string[];
