// `remit audit verify`: walks one file's chain and reports the first broken link.
import type { CliAuditVerify } from '../../generated/types.js';
import { lineHash } from './chain.js';
import { forEachLine, parseRecord } from './read.js';

export type FileVerdict = CliAuditVerify['files'][number];

export function verifyAuditFile(file: string, session: string): FileVerdict {
  let records = 0;
  let breaks = 0;
  let firstBroken: FileVerdict['firstBroken'];
  let lastBroken: number | undefined;
  let prevHash: string | null = null;
  let lastSeq = 0;
  const broke = (line: number, problem: NonNullable<FileVerdict['firstBroken']>['problem'], seq?: number) => {
    breaks++;
    lastBroken = line;
    if (!firstBroken) firstBroken = seq === undefined ? { line, problem } : { line, problem, seq };
  };
  forEachLine(file, (line, lineNo) => {
    const hash = lineHash(line);
    const r = parseRecord(line);
    if (!r || (r.prev !== null && typeof r.prev !== 'string')) {
      broke(lineNo, 'not_a_record');
    } else {
      records++;
      if (lineNo === 1) {
        if (r.prev !== null && !r.prevBroken) broke(lineNo, 'first_prev_not_null', r.seq);
      } else if (r.prev !== prevHash) {
        broke(lineNo, 'prev_mismatch', r.seq);
      } else if (!r.prevBroken && r.seq !== lastSeq + 1) {
        broke(lineNo, 'seq_gap', r.seq);
      }
      lastSeq = r.seq;
    }
    prevHash = hash;
  });
  const verdict: FileVerdict = { session, records, intact: breaks === 0 };
  if (firstBroken) verdict.firstBroken = firstBroken;
  if (breaks) verdict.breaks = breaks;
  if (lastBroken !== undefined) verdict.lastBroken = lastBroken;
  return verdict;
}
