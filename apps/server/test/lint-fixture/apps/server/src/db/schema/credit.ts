/** A business module's table (credit's, by the lint's BUSINESS_TABLES). */
export const creditScores = { name: 'credit_scores' };
