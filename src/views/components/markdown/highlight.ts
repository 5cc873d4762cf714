/**
 * Syntax highlighting of code blocks with highlight.js's core and the languages a DSA course uses
 * (domain/codeLanguages.ts), loaded only with a code block that names one of them.
 *
 * highlight.js builds a tree of scopes (its "emitter") before writing it as HTML; the code is drawn
 * from that tree as elements, so no HTML string reaches the page.
 */
import hljs from 'highlight.js/lib/core';
import c from 'highlight.js/lib/languages/c';
import cpp from 'highlight.js/lib/languages/cpp';
import java from 'highlight.js/lib/languages/java';
import javascript from 'highlight.js/lib/languages/javascript';
import python from 'highlight.js/lib/languages/python';
import typescript from 'highlight.js/lib/languages/typescript';
import type { CodeLanguage } from '../../../domain/codeLanguages.ts';

const highlighter = hljs.newInstance();
const grammars = { c, cpp, java, javascript, python, typescript } satisfies Record<CodeLanguage, unknown>;
for (const [name, grammar] of Object.entries(grammars)) highlighter.registerLanguage(name, grammar);

/** A piece of highlighted code: text, or a scope ('keyword', 'title.function', ...) around pieces. */
export type CodePiece = string | { scope: string | null; children: CodePiece[] };

/** The emitter's tree node (highlight.js's TokenTree; its shape is part of the documented Emitter). */
interface ScopeNode {
  scope?: string;
  children: (string | ScopeNode)[];
}

const piecesOf = (node: ScopeNode): CodePiece[] =>
  node.children.map((child) =>
    typeof child === 'string'
      ? child
      : {
          // An embedded language ('language:css') is no colour of its own.
          scope: child.scope && !child.scope.startsWith('language:') ? child.scope : null,
          children: piecesOf(child),
        },
  );

export function highlightCode(code: string, language: CodeLanguage): CodePiece[] {
  const result = highlighter.highlight(code, { language, ignoreIllegals: true });
  return piecesOf((result._emitter as unknown as { root: ScopeNode }).root);
}
