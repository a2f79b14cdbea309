/** Types of scripts/commit-message.mjs for the TypeScript tests that call it. */
export declare const baseline: string;
export declare const maxSubject: number;
export declare function messageProblems(message: string, options?: { merge?: boolean }): string[];
export declare function checkSince(since: string, options?: { cwd?: string; say?: (line: string) => void }): number;
