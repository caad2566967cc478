// Types of compileHints.js (plain JS: next.config.js requires it).
export declare const COMPILE_HINT: string;
export declare const EAGER_CHUNKS: ReadonlySet<string>;
export declare const EAGER_GROUPS: ReadonlySet<string>;
export declare class CompileHintsPlugin {
  constructor(webpack: unknown, options?: { chunks?: ReadonlySet<string>; groups?: ReadonlySet<string>; pagesDir?: string });
  apply(compiler: unknown): void;
}
