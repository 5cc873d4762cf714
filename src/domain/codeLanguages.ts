/**
 * The languages whose code blocks are highlighted (issue 33 part 4): those a DSA course uses, by the
 * names and aliases a fence may give them.
 */

export type CodeLanguage = 'c' | 'cpp' | 'java' | 'python' | 'javascript' | 'typescript';

const LANGUAGES: Record<string, CodeLanguage> = {
  c: 'c',
  h: 'c',
  cpp: 'cpp',
  'c++': 'cpp',
  cc: 'cpp',
  cxx: 'cpp',
  hpp: 'cpp',
  java: 'java',
  python: 'python',
  py: 'python',
  javascript: 'javascript',
  js: 'javascript',
  jsx: 'javascript',
  mjs: 'javascript',
  typescript: 'typescript',
  ts: 'typescript',
  tsx: 'typescript',
};

/**
 * The language a fence names in its info string (```` ```python ````), or null for plain text: no
 * name, `plaintext`/`text`, or a language the course does not use (shown as plain code).
 */
export function codeLanguageOf(info: string): CodeLanguage | null {
  const name = info.trim().split(/\s/, 1)[0]?.toLowerCase() ?? '';
  return Object.hasOwn(LANGUAGES, name) ? (LANGUAGES[name] ?? null) : null;
}
