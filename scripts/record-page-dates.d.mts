/** Types of scripts/record-page-dates.mjs for its test. */
export declare const pageDatesFile: string;
export declare const committer: { name: string; email: string };
export declare const commitMessage: string;
export declare function recordPageDates(options?: {
  cwd?: string;
  npm?: string;
  say?: (line: string) => void;
}): boolean;
