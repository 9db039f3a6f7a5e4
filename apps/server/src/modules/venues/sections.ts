import type { VenueSectionSummary } from '@ks/contract';

/**
 * The port through which venues read a bid section (the trading module's, decision 0072): the
 * manifest supplies it, so the venues module imports nothing of trading.
 */
export interface SectionDirectory {
  sectionSummary(sectionId: string): Promise<VenueSectionSummary | null>;
}

/** No sections yet: every sectionId is refused with 标段不存在 until trading's port is wired. */
export const NO_SECTIONS: SectionDirectory = {
  sectionSummary: async () => null,
};
