import { SaxesParser } from 'saxes';

/**
 * Personio's XML feed of open positions, as it publishes it
 * (`https://<account>.jobs.personio.de/xml?language=de|en|fr`): a `<workzag-jobs>`
 * document with one `<position>` per published job.
 *
 * Parsed with saxes, a strict streaming parser that never expands an entity it
 * was not born with (the five of XML and character references): a document with
 * a DTD is refused before anything in it is read, so neither a billion laughs nor
 * an external entity can reach anything. Only text is read from the document.
 */

/** One `<position>` as the feed has it; every value is the element's text, trimmed. */
export interface PersonioPosition {
  id: string;
  subcompany: string;
  office: string;
  additionalOffices: string[];
  department: string;
  recruitingCategory: string;
  name: string;
  /** `name` plain text, `value` HTML (often in CDATA). */
  jobDescriptions: { name: string; value: string }[];
  employmentType: string;
  seniority: string;
  schedule: string;
  yearsOfExperience: string;
  keywords: string;
  occupation: string;
  occupationCategory: string;
  createdAt: string;
  /** Left out by Personio where the company entered no salary. */
  salaryInformation: { min: string; max: string; currencyCode: string; currencySymbol: string; type: string } | null;
}

/** Why a whole document was refused: the last good jobs stay. Says nothing the feed could use against the log. */
export class FeedError extends Error {
  override name = 'FeedError';
}

interface XmlElement {
  name: string;
  children: XmlElement[];
  text: string;
}

/** More positions than this in one document is not this company's feed: it is refused whole, as soon as it is seen. */
export const maxPositions = 500;

/** Deeper than this, a document is no Personio feed (its deepest is workzag-jobs › position › jobDescriptions › jobDescription › value). */
const maxDepth = 12;

function parseXml(xml: string): XmlElement {
  const parser = new SaxesParser({ position: true });
  const stack: XmlElement[] = [];
  let root: XmlElement | null = null;
  let failure: FeedError | null = null;
  const fail = (message: string) => {
    failure ??= new FeedError(message);
    throw failure;
  };
  parser.on('doctype', () => fail('it declares a DTD, which a Personio feed never does'));
  let positions = 0;
  parser.on('opentag', (tag) => {
    if (stack.length >= maxDepth) fail(`its elements are nested more than ${maxDepth} deep`);
    if (stack.length === 1 && tag.name === 'position' && ++positions > maxPositions) {
      fail(`it has more than the ${maxPositions} positions a read takes`);
    }
    const element: XmlElement = { name: tag.name, children: [], text: '' };
    stack.at(-1)?.children.push(element);
    root ??= element;
    stack.push(element);
  });
  parser.on('closetag', () => void stack.pop());
  const addText = (text: string) => {
    const current = stack.at(-1);
    if (current) current.text += text;
  };
  parser.on('text', addText);
  parser.on('cdata', addText);
  parser.on('error', (error) => fail(`it is not well-formed XML (${error.message})`));
  try {
    parser.write(xml).close();
  } catch (error) {
    if (failure) throw failure;
    throw new FeedError(`it is not well-formed XML (${error instanceof Error ? error.message : String(error)})`);
  }
  if (!root) throw new FeedError('it is empty');
  return root;
}

const childText = (element: XmlElement, name: string) =>
  element.children.find((child) => child.name === name)?.text.trim() ?? '';
const childElement = (element: XmlElement, name: string) => element.children.find((child) => child.name === name);

function readPosition(position: XmlElement): PersonioPosition {
  const text = (name: string) => childText(position, name);
  const salary = childElement(position, 'salaryInformation');
  return {
    id: text('id'),
    subcompany: text('subcompany'),
    office: text('office'),
    additionalOffices:
      childElement(position, 'additionalOffices')
        ?.children.filter((child) => child.name === 'office')
        .map((office) => office.text.trim())
        .filter(Boolean) ?? [],
    department: text('department'),
    recruitingCategory: text('recruitingCategory'),
    name: text('name'),
    jobDescriptions:
      childElement(position, 'jobDescriptions')
        ?.children.filter((child) => child.name === 'jobDescription')
        .map((description) => ({ name: childText(description, 'name'), value: childText(description, 'value') })) ?? [],
    employmentType: text('employmentType'),
    seniority: text('seniority'),
    schedule: text('schedule'),
    yearsOfExperience: text('yearsOfExperience'),
    keywords: text('keywords'),
    occupation: text('occupation'),
    occupationCategory: text('occupationCategory'),
    createdAt: text('createdAt'),
    salaryInformation: salary
      ? {
          min: childText(salary, 'min'),
          max: childText(salary, 'max'),
          currencyCode: childText(salary, 'currencyCode'),
          currencySymbol: childText(salary, 'currencySymbol'),
          type: childText(salary, 'type'),
        }
      : null,
  };
}

/** The positions of one feed document; a FeedError when it is not a Personio feed at all. */
export function parsePersonioFeed(xml: string): PersonioPosition[] {
  const root = parseXml(xml);
  if (root.name !== 'workzag-jobs') {
    throw new FeedError(`it is not a Personio feed (its root is <${root.name.slice(0, 40)}>, not <workzag-jobs>)`);
  }
  return root.children.filter((child) => child.name === 'position').map(readPosition);
}
