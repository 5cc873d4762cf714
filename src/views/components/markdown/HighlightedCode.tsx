/**
 * The code of a code block in its language's colours (markdownStyles.ts highlightColours), loaded
 * only with a code block that names a language (MarkdownText.tsx).
 */
import type { CodeLanguage } from '../../../domain/codeLanguages.ts';
import { type CodePiece, highlightCode } from './highlight.ts';

function Pieces({ pieces }: { pieces: CodePiece[] }) {
  return pieces.map((piece, index) =>
    typeof piece === 'string' ? (
      piece
    ) : (
      // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one code, in order
      <span key={index} className={piece.scope ? `hl-${piece.scope.split('.')[0]}` : undefined}>
        <Pieces pieces={piece.children} />
      </span>
    ),
  );
}

export function HighlightedCode({ code, language }: { code: string; language: CodeLanguage }) {
  return <Pieces pieces={highlightCode(code, language)} />;
}
