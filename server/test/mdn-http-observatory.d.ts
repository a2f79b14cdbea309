// The parts of the MDN HTTP Observatory (plain JavaScript, no types) that observatory.ts uses.
declare module '@mdn/mdn-http-observatory/src/constants.js' {
  export interface ObservatoryTestOutput {
    result: string | null;
    pass: boolean | null;
  }
  export const ALL_TESTS: ((requests: unknown) => ObservatoryTestOutput)[];
}

declare module '@mdn/mdn-http-observatory/src/grader/grader.js' {
  export function getScoreModifier(expectation: string): number;
  export function getGradeForScore(score: number): { score: number; grade: string };
}

declare module '@mdn/mdn-http-observatory/src/grader/charts.js' {
  export const MINIMUM_SCORE_FOR_EXTRA_CREDIT: number;
}

declare module '@mdn/mdn-http-observatory/src/retriever/utils.js' {
  export function parseHttpEquivHeaders(html: string, baseUrl: string): Map<string, string[]>;
}

declare module '@mdn/mdn-http-observatory/src/types.js' {
  export class Requests {
    constructor(hostname: string);
    hostname: string;
    resources: { path: string | null };
    responses: Record<string, unknown> & { httpRedirects: unknown[]; httpsRedirects: unknown[] };
    session: unknown;
  }
}
