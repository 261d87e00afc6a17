/**
 * The offline analyst's report sections as the BFF asks for them: the analyst (`@val/offline-analyst`)
 * writes around a fact sheet it is given; when the caller has none yet, the BFF builds it here from
 * the same inputs (`analysis/reportSheet`), so every number still comes from the sheet. A sheet the
 * founder set a basis for is written from that basis (market, segment, place, buyer and product kind).
 */
import { offlineReportAnswer as writeSection, reportProfile } from '@val/offline-analyst';
import { applyBasis, founderBasisOf } from '../../analysis/basis';
import { buildReportSheet } from '../../analysis/reportSheet';
import type { ReportAgentInput } from '../types';

/** The offline analyst's section for one report agent, over the given fact sheet or one built from the inputs. */
export function offlineReportAnswer(input: ReportAgentInput): string {
  const sheet = input.sheet ?? buildReportSheet({ product: input.product, inputs: input.inputs, evidence: input.evidence });
  const basis = founderBasisOf(sheet);
  const profile = basis ? applyBasis(reportProfile(input.product, input.inputs), basis) : undefined;
  return writeSection({ ...input, sheet, ...(profile ? { profile } : {}) });
}
