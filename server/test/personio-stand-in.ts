import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { languageCodes, type Language } from '../../common/languages';

/** A position as the stand-in publishes it; texts per language, missing where Personio has none. */
export interface StandInPosition {
  id: string;
  department?: string;
  office?: string;
  additionalOffices?: string[];
  schedule?: string;
  employmentType?: string;
  createdAt?: string;
  /** Raw XML for `<salaryInformation>`'s children, or none. */
  salary?: { min: string; max: string; currencyCode: string; type: string };
  texts: Partial<Record<Language, { name: string; sections: { name: string; value: string }[] }>>;
}

/**
 * What the stand-in answers: the feed, or one of the ways a read goes wrong; a body for every
 * language, or documents made in advance per language (a test that measures the instance's
 * answers meanwhile leaves the stand-in, in the same process, nothing to put together).
 */
export type StandInMode =
  | 'feed'
  | 'http-500'
  | 'redirect'
  | 'malformed'
  | 'slow'
  | { body: string | Buffer }
  | { documents: Record<Language, Buffer> };

/** Each language's document of `positions`, made now, as the stand-in's `{ documents }` mode serves them. */
export function personioDocuments(positions: readonly StandInPosition[]): Record<Language, Buffer> {
  return Object.fromEntries(languageCodes.map((lng) => [lng, Buffer.from(personioXml(positions, lng))])) as Record<
    Language,
    Buffer
  >;
}

const cdata = (text: string) => `<![CDATA[${text.replaceAll(']]>', ']]]]><![CDATA[>')}]]>`;
const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** One language's document, in the shape Personio publishes (`<workzag-jobs>`). */
export function personioXml(positions: readonly StandInPosition[], lng: Language): string {
  const items = positions
    .filter((position) => position.texts[lng])
    .map((position) => {
      const text = position.texts[lng];
      const salary = position.salary
        ? `<salaryInformation><min>${position.salary.min}</min><max>${position.salary.max}</max>` +
          `<currencyCode>${escape(position.salary.currencyCode)}</currencyCode><currencySymbol>€</currencySymbol>` +
          `<type>${position.salary.type}</type></salaryInformation>`
        : '';
      return (
        `<position><id>${escape(position.id)}</id><subcompany>Westbridge</subcompany>` +
        `<office>${escape(position.office ?? 'Berlin')}</office>` +
        (position.additionalOffices
          ? `<additionalOffices>${position.additionalOffices.map((office) => `<office>${escape(office)}</office>`).join('')}</additionalOffices>`
          : '') +
        `<department>${escape(position.department ?? 'Operations')}</department><recruitingCategory>Trade</recruitingCategory>` +
        `<name>${escape(text?.name ?? '')}</name><jobDescriptions>` +
        (text?.sections ?? [])
          .map(
            (section) =>
              `<jobDescription><name>${escape(section.name)}</name><value>${cdata(section.value)}</value></jobDescription>`,
          )
          .join('') +
        `</jobDescriptions><employmentType>${position.employmentType ?? 'permanent'}</employmentType>` +
        `<seniority>experienced</seniority><schedule>${position.schedule ?? 'full-time'}</schedule>` +
        `<yearsOfExperience>2-5</yearsOfExperience><keywords>trade</keywords><occupation>Clerk</occupation>` +
        `<occupationCategory>Office</occupationCategory><createdAt>${position.createdAt ?? '2026-11-01T09:00:00+01:00'}</createdAt>` +
        `${salary}</position>`
      );
    });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<workzag-jobs>${items.join('')}</workzag-jobs>`;
}

/**
 * A local server that answers as Personio's XML feed does
 * (`/xml?language=de|en|fr`), switchable to the ways it fails; it counts the
 * reads per language.
 */
export class PersonioStandIn {
  positions: StandInPosition[] = [];
  mode: StandInMode = 'feed';
  readonly reads: Record<string, number> = {};
  private server: Server | null = null;

  async start(): Promise<string> {
    this.server = createServer((request, response) => {
      const url = new URL(request.url ?? '/', 'http://stand-in');
      const lng = (url.searchParams.get('language') ?? 'de') as Language;
      this.reads[lng] = (this.reads[lng] ?? 0) + 1;
      if (url.pathname !== '/xml') return response.writeHead(404).end();
      const mode = this.mode;
      if (mode === 'http-500') return response.writeHead(500).end('Internal Server Error');
      if (mode === 'redirect') return response.writeHead(302, { location: 'https://www.personio.de/' }).end();
      if (mode === 'slow') return void setTimeout(() => response.destroyed || response.end(), 60_000).unref();
      const body =
        mode === 'malformed'
          ? '<workzag-jobs><position><id>1</id></workzag-jobs>'
          : typeof mode === 'object'
            ? 'body' in mode
              ? mode.body
              : mode.documents[lng]
            : personioXml(this.positions, lng);
      response.writeHead(200, { 'content-type': 'text/xml; charset=utf-8' }).end(body);
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.address() as AddressInfo;
    return `http://127.0.0.1:${port}/xml`;
  }

  readsTotal(): number {
    return Object.values(this.reads).reduce((sum, count) => sum + count, 0);
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise((resolve) => this.server?.close(resolve));
  }
}
