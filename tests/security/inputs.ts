/**
 * The fuzz's hostile inputs, built byte by byte where a string cannot say it: text that is not what
 * it seems (NUL, lone surrogates, 100,000 characters, non-NFC forms, bytes that are no UTF-8, a number
 * for a string and the reverse), URLs that carry it, JSON text with repeated keys, and multipart
 * bodies with every framing fault.
 */

/** Bytes sent as they are: no JavaScript string encodes to them (they are no UTF-8). */
export class RawBytes {
  constructor(readonly bytes: Buffer) {}
}

/** JSON text sent as it is, where JSON.stringify would not get through (nesting too deep for it). */
export class RawJson {
  constructor(readonly text: string) {}
}

/** A value to send: JSON-able, raw bytes, or raw JSON text. */
export type Value = unknown;

/**
 * Markdown that tries to become markup (issue 33 part 4): raw HTML, script links by every spelling,
 * images, attributes smuggled through link titles and fence info strings, a code block that closes
 * its own element. Each must reach a page as the text it is (tests/security/xss.test.ts).
 */
export const MARKDOWN_ATTACKS = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '[click](javascript:alert(1))',
  '[click](JaVaScRiPt:alert(1))',
  '[click](java\nscript:alert(1))',
  '[click](javascript&#58;alert(1))',
  '[click](&#x6A;avascript:alert(1))',
  '[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  '[click](data:image/svg+xml,<svg onload=alert(1)>)',
  '[click](vbscript:msgbox(1))',
  '[click][ref]\n\n[ref]: javascript:alert(1)',
  '<javascript:alert(1)>',
  '![x](javascript:alert(1))',
  '![x](https://x.dev/x.png "onerror=alert(1)")',
  '[a](https://x.dev/"onmouseover="alert(1))',
  '[a](https://x.dev/ "t\\" onclick=\\"alert(1)")',
  '```js" onload="alert(1)\nx = 1\n```',
  '```js onload="alert(1)"\nlet a = "</code></pre><script>alert(1)</script>";\n```',
  '`<svg onload=alert(1)>`',
  '> <iframe src="javascript:alert(1)"></iframe>',
  '- <a href="javascript:alert(1)">x</a>\n  - <object data="javascript:alert(1)"></object>',
  '**<b onmouseover=alert(1)>bold</b>**',
  '<style>body{display:none}</style><!-- a comment -->',
];

/** What goes into one field, by name: each field of each route gets every one of them (as text outside JSON). */
export const HOSTILE: Record<string, Value> = {
  /** Every Markdown attack in one text. */
  markdown: MARKDOWN_ATTACKS.join('\n\n'),
  nul: 'ab\u0000cd',
  loneHighSurrogate: 'ab\uD83Dcd',
  loneLowSurrogate: '\uDE00ab',
  long: `${'x'.repeat(99_999)}é`,
  /** 'é' as e + combining acute, the Ångström sign, and a Hangul syllable as its jamo: none is NFC. */
  nonNfc: 'Cafe\u0301\u212B\u1112\u1161\u11AB',
  /** A lone surrogate as bytes (CESU-8), a truncated sequence, an overlong slash. */
  badUtf8: new RawBytes(Buffer.from([0x61, 0xed, 0xa0, 0x80, 0xc3, 0x28, 0xc0, 0xaf])),
  number: 12345,
  hugeNumber: 1e308,
  numericText: '12345',
  boolean: true,
  booleanText: 'true',
  object: { $ne: null },
  /** 20,000 nested arrays: any walk of the input that recurses overflows the stack. */
  deepNesting: new RawJson(`${'['.repeat(20_000)}"x"${']'.repeat(20_000)}`),
};
export const HOSTILE_KINDS = Object.keys(HOSTILE);

/** The UTF-8 of a string, except that a lone surrogate becomes its 3 bytes (WTF-8), as a sloppy client sends it. */
function wtf8(text: string): Buffer {
  const chunks: Buffer[] = [];
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    const next = text.charCodeAt(i + 1);
    if (code >= 0xd800 && code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      chunks.push(Buffer.from(text.slice(i, i + 2)));
      i += 1;
    } else if (code >= 0xd800 && code <= 0xdfff) {
      chunks.push(Buffer.from([0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]));
    } else {
      chunks.push(Buffer.from(text[i] ?? ''));
    }
  }
  return Buffer.concat(chunks);
}

/** A value as text in a URL, a query or a form field: strings as they are, the rest as JSON. */
export function textBytes(value: Value): Buffer {
  if (value instanceof RawBytes) return value.bytes;
  if (value instanceof RawJson) return Buffer.from(value.text);
  return wtf8(typeof value === 'string' ? value : JSON.stringify(value));
}

/** Percent-encoded for a path segment or a query value, whatever the bytes. */
export function percent(value: Value): string {
  return [...textBytes(value)]
    .map((byte) =>
      /[A-Za-z0-9\-_.~]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).padStart(2, '0').toUpperCase()}`,
    )
    .join('');
}

/** `a=1&b=2`, each value percent-encoded as `percent` does. */
export function queryOf(entries: [string, Value][]): string {
  return entries.map(([name, value]) => `${percent(name)}=${percent(value)}`).join('&');
}

/** JSON text of an object written key by key: a key may come twice, a value may be raw bytes. */
export function jsonText(entries: [string, Value][]): Buffer {
  const members = entries.map(([key, value]) =>
    Buffer.concat([
      Buffer.from(`${JSON.stringify(key)}:`),
      value instanceof RawBytes
        ? Buffer.concat([Buffer.from('"'), value.bytes, Buffer.from('"')])
        : value instanceof RawJson
          ? Buffer.from(value.text)
          : Buffer.from(JSON.stringify(value) ?? 'null'),
    ]),
  );
  const joined = members.flatMap((member, i) => (i === 0 ? [member] : [Buffer.from(','), member]));
  return Buffer.concat([Buffer.from('{'), ...joined, Buffer.from('}')]);
}

/** Whether the JSON text of these entries names a key twice. */
export const repeatsKey = (entries: [string, Value][]) =>
  new Set(entries.map(([key]) => key)).size < entries.length;

export interface FormPart {
  /** The part's name; null for a part whose Content-Disposition has none. */
  name: string | null;
  /** A file part's file name; a text field has none. */
  filename?: string;
  contentType?: string;
  data: Buffer | Value;
}

/** How a multipart body's framing is broken (or not). */
export const FORM_FAULTS = [
  'none',
  'quotedBoundary',
  'noBoundaryParameter',
  'emptyBoundary',
  'boundaryOver70',
  'wrongBoundary',
  'repeatedBoundary',
  'noClosingBoundary',
  'truncated',
  'noContentDisposition',
  'bareLineFeeds',
  'preambleAndEpilogue',
  'boundaryInsideValue',
  'headersWithoutBody',
  'multipartMixed',
] as const;
export type FormFault = (typeof FORM_FAULTS)[number];

const CRLF = '\r\n';

/** A multipart/form-data body of these parts, with its Content-Type, broken as `fault` says. */
export function formBody(
  parts: FormPart[],
  fault: FormFault,
  cut = 0,
): { body: Buffer; contentType: string } {
  const boundary = fault === 'boundaryOver70' ? `quad${'b'.repeat(76)}` : 'quadFuzzBoundary7MA4YWxk';
  const eol = fault === 'bareLineFeeds' ? '\n' : CRLF;
  const delimiter = `--${boundary}`;
  const chunks: Buffer[] = [];
  if (fault === 'preambleAndEpilogue') chunks.push(Buffer.from(`This is the preamble.${CRLF}`));
  for (const [index, part] of parts.entries()) {
    const headers: string[] = [];
    if (!(fault === 'noContentDisposition' && index === 0)) {
      const name = part.name === null ? '' : `; name="${part.name}"`;
      const filename = part.filename === undefined ? '' : `; filename="${part.filename}"`;
      headers.push(`Content-Disposition: form-data${name}${filename}`);
    }
    if (part.contentType) headers.push(`Content-Type: ${part.contentType}`);
    if (fault === 'repeatedBoundary') chunks.push(Buffer.from(`${delimiter}${eol}`));
    chunks.push(Buffer.from(`${delimiter}${eol}${headers.map((h) => `${h}${eol}`).join('')}${eol}`));
    if (fault === 'headersWithoutBody' && index === parts.length - 1) break;
    chunks.push(Buffer.isBuffer(part.data) ? part.data : textBytes(part.data));
    if (fault === 'boundaryInsideValue') chunks.push(Buffer.from(`${eol}${delimiter}${eol}tail`));
    chunks.push(Buffer.from(eol));
  }
  if (fault !== 'noClosingBoundary' && fault !== 'headersWithoutBody') {
    chunks.push(Buffer.from(`${delimiter}--${eol}`));
    if (fault === 'repeatedBoundary') chunks.push(Buffer.from(`${delimiter}--${eol}`));
  }
  if (fault === 'preambleAndEpilogue') chunks.push(Buffer.from('This is the epilogue.'));
  let body = Buffer.concat(chunks);
  if (fault === 'truncated') body = body.subarray(0, cut % Math.max(1, body.length));
  const contentType = {
    noBoundaryParameter: 'multipart/form-data',
    emptyBoundary: 'multipart/form-data; boundary=',
    wrongBoundary: 'multipart/form-data; boundary=someOtherBoundary',
    quotedBoundary: `Multipart/Form-Data; charset=utf-8; BOUNDARY="${boundary}"`,
    multipartMixed: `multipart/mixed; boundary=${boundary}`,
  }[fault as string];
  return { body, contentType: contentType ?? `multipart/form-data; boundary=${boundary}` };
}

/** Content types a JSON route does not take (the body is the route's JSON all the same). */
export const NOT_JSON_TYPES = [
  'text/plain',
  'text/plain; charset=utf-8',
  'text/json',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=quadFuzzBoundary7MA4YWxk',
  'application/xml',
  'application/octet-stream',
  'application/vnd.api+json',
  'application/json-patch+json',
  'application/jsonx',
  'image/jpeg',
  '*/*',
  'garbage',
];
/** Spellings of JSON that are JSON all the same. */
export const JSON_TYPES = ['application/json', 'Application/JSON', 'application/json; charset=utf-8'];
