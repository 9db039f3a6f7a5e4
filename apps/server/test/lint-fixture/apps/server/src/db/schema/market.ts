/** A business module's table (market's, by the lint's BUSINESS_TABLES). */
export const marketCertificates = { name: 'market_certificates' };
