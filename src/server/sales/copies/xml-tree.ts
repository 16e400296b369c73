import type * as saxes from 'saxes';
import type { SaxesTagNS } from 'saxes';
import { lazyModule } from '../../lazy-module.js';

/** saxes loads with the first EPUB read, not with the server. */
const loadSaxes = lazyModule<typeof saxes>('saxes');

/** An element of a small XML document (an EPUB's container.xml or OPF): local name, namespace, attributes. */
export type XmlElement = {
  local: string;
  uri: string;
  /** Attributes by their qualified name as written (e.g. `full-path`, `opf:scheme`). */
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
};

/**
 * Parses a small XML document into a tree (saxes: no DTD is read, no external or custom entity is
 * expanded). Throws with saxes' message, which names the line and column, when it is not well-formed.
 */
export function parseXml(text: string): XmlElement {
  const parser = new (loadSaxes().SaxesParser)({ xmlns: true, position: true });
  const stack: XmlElement[] = [];
  let root: XmlElement | null = null;
  parser.on('opentag', (tag: SaxesTagNS) => {
    const attributes: Record<string, string> = {};
    for (const [name, attribute] of Object.entries(tag.attributes)) attributes[name] = attribute.value;
    const element: XmlElement = { local: tag.local, uri: tag.uri, attributes, children: [], text: '' };
    stack.at(-1)?.children.push(element);
    root ??= element;
    stack.push(element);
  });
  const onText = (chunk: string) => {
    const current = stack.at(-1);
    if (current) current.text += chunk;
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  parser.on('closetag', () => {
    stack.pop();
  });
  parser.write(text).close();
  if (!root) throw new Error('no root element');
  return root;
}

export const childrenNamed = (element: XmlElement | undefined, local: string): XmlElement[] =>
  element?.children.filter((child) => child.local === local) ?? [];

export const childNamed = (element: XmlElement | undefined, local: string): XmlElement | undefined =>
  element?.children.find((child) => child.local === local);
