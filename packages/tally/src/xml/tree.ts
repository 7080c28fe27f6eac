// A tiny element tree and the one serializer that turns it into markup. Nothing else in the
// package writes angle brackets: every text node and attribute value goes through `escapeText`,
// so an `&` in a company or ledger name can never break a file.

export interface XmlElement {
  readonly name: string;
  readonly attrs: Readonly<Record<string, string>>;
  readonly children: readonly XmlNode[];
}
export type XmlNode = XmlElement | string;
/** What builders may pass as children: empty values are dropped, so optional parts read plainly. */
export type XmlChild = XmlNode | null | undefined | false;

const NAME = /^[A-Za-z_][A-Za-z0-9_.:-]*$/;
// Element and attribute names come from a few dozen literals in the builders: checked once each.
const CHECKED_NAMES = new Set<string>();
function checkName(name: string, what: string): void {
  if (CHECKED_NAMES.has(name)) return;
  if (!NAME.test(name)) throw new Error(`invalid XML ${what} name: ${JSON.stringify(name)}`);
  CHECKED_NAMES.add(name);
}

export function el(
  name: string,
  attrs: Record<string, string | undefined> = {},
  children: readonly XmlChild[] = [],
): XmlElement {
  checkName(name, 'element');
  const kept: Record<string, string> = {};
  for (const key in attrs) {
    checkName(key, 'attribute');
    const value = attrs[key];
    if (value !== undefined) kept[key] = value;
  }
  const nodes = children.filter((c): c is XmlNode => c !== null && c !== undefined && c !== false);
  return { name, attrs: kept, children: nodes };
}

/** An element holding one text value, the commonest shape in Tally XML. */
export function leaf(
  name: string,
  value: string,
  attrs: Record<string, string | undefined> = {},
): XmlElement {
  return el(name, attrs, [value]);
}

// XML 1.0 allows tab, newline, carriage return and the ranges below; anything else (control
// characters pasted from bank narrations, lone surrogates) makes the whole document unreadable.
const INVALID_XML_CHARS = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

export function stripInvalidXmlChars(text: string): string {
  return text.replace(INVALID_XML_CHARS, '');
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/**
 * TallyPrime marks its own values (a predefined parent, the 'Any' state of a GST rate) with U+0004,
 * written '&#4;' ('&#4; Any'). That character is not allowed in XML 1.0 text, so it is stripped
 * anywhere else; at the start of a value, where only our builders put it, it is written as Tally does.
 */
export const TALLY_MARK = '\u0004';

// Most values (amounts, dates, names) need nothing: one scan for anything outside plain text (the
// five escaped characters, control characters, surrogates: astral characters take the full path).
const NEEDS_WORK = /[^\t\n\r\u0020\u0021\u0023-\u0025\u0028-\u003B\u003D\u003F-\uD7FF\uE000-\uFFFD]/;

export function escapeText(text: string): string {
  if (!NEEDS_WORK.test(text)) return text;
  const marked = text.startsWith(TALLY_MARK);
  const escaped = stripInvalidXmlChars(text).replace(/[&<>"']/g, (c) => ESCAPES[c]);
  return marked ? `&#4;${escaped}` : escaped;
}

export interface SerializeOptions {
  /** Write the `<?xml ...?>` declaration (default true). */
  declaration?: boolean;
  /** Indent nested elements with this string; '' writes everything on one line (default two spaces). */
  indent?: string;
}

export const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';

export function serializeXml(root: XmlElement, options: SerializeOptions = {}): string {
  const indent = options.indent ?? '  ';
  const newline = indent === '' ? '' : '\n';
  const out: string[] = [];
  const pads: string[] = [];
  if (options.declaration ?? true) out.push(XML_DECLARATION + newline);
  write(root, 0);
  return out.join('');

  function write(node: XmlElement, depth: number): void {
    const pad = (pads[depth] ??= indent.repeat(depth));
    let attrs = '';
    for (const k in node.attrs) attrs += ` ${k}="${escapeText(node.attrs[k])}"`;
    if (node.children.length === 0) {
      out.push(`${pad}<${node.name}${attrs}/>${newline}`);
      return;
    }
    if (node.children.every((c) => typeof c === 'string')) {
      const text = (node.children as string[]).map(escapeText).join('');
      out.push(`${pad}<${node.name}${attrs}>${text}</${node.name}>${newline}`);
      return;
    }
    out.push(`${pad}<${node.name}${attrs}>${newline}`);
    for (const child of node.children) {
      if (typeof child === 'string') out.push(`${pad}${indent}${escapeText(child)}${newline}`);
      else write(child, depth + 1);
    }
    out.push(`${pad}</${node.name}>${newline}`);
  }
}
