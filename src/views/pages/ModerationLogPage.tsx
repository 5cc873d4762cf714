/**
 * /mod/log: the public moderation log (docs/moderation.md). Every removal, newest first: when, what kind
 * of item, the rule it broke, and the answer to its author's appeal ("restored" or "upheld"); never
 * who reported it, who removed it or who answered.
 */
import { css } from '@emotion/react';
import { useSelector } from '@xstate/react';
import { APPEALS } from '../../domain/appeals.ts';
import { KIND_LABEL, MODERATION_TEXT } from '../../domain/moderationMessages.ts';
import { MODERATION_PAGE, SAFETY } from '../../domain/safety.ts';
import { isLogEntry } from '../../machines/moderationList.machine.ts';
import { useMachines, useScreenDataActor } from '../../system/hooks.ts';
import { moderationMachines } from '../../system/moderation.ts';
import { pageTitle, useDocumentTitle } from '../app/useDocumentTitle.ts';
import { RelativeTime } from '../components/RelativeTime.tsx';
import { ModerationListFrame, recordCard, recordList } from './moderation/ModerationListFrame.tsx';

export function ModerationLogPage() {
  useDocumentTitle(pageTitle(MODERATION_TEXT.logTitle));
  const { log } = useMachines(moderationMachines);
  const list = useScreenDataActor(log, { input: { pageSize: MODERATION_PAGE } });
  const records = useSelector(list, (s) => s.context.records);
  const entries = records.filter(isLogEntry);

  return (
    <ModerationListFrame
      list={list}
      title={MODERATION_TEXT.logTitle}
      intro={MODERATION_TEXT.logIntro}
      empty={SAFETY.logEmpty}
    >
      {entries.length > 0 && (
        <ol aria-label="Removals" css={recordList}>
          {entries.map((entry, index) => (
            <li
              // Removals have no id of their own, and pages only ever add to the end.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              key={index}
              css={[
                recordCard,
                css`flex-direction: row; flex-wrap: wrap; align-items: baseline; gap: 4px 12px;`,
              ]}
            >
              <strong>{KIND_LABEL[entry.kind]}</strong>
              <span>{SAFETY.removedBy(entry.ruleText)}</span>
              {entry.appeal && (
                <span>
                  {APPEALS.appealLabel} <strong>{APPEALS.outcome[entry.appeal]}</strong>
                </span>
              )}
              <span css={css`margin-left: auto;`}>
                <RelativeTime at={entry.removedAt} />
              </span>
            </li>
          ))}
        </ol>
      )}
    </ModerationListFrame>
  );
}
