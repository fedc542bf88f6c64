/** Types of layers.mjs for the tests that read its order. */
export declare const LAYER_ORDER: string[][];
export declare const SHARED_WITH_SERVER: string[];
export declare const layerOrder: unknown;
export declare function onImports(check: unknown): unknown;
