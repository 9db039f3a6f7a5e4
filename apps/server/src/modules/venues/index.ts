import type { BusinessModule } from '../../engine/modules.ts';
import { seedDemoVenues } from './demo.ts';
import { venueRoutes } from './routes.ts';
import { NO_SECTIONS, type SectionDirectory } from './sections.ts';
import { VenueService } from './service.ts';

/**
 * The sections a booking may name. Until the trading module's port is merged, none: a sectionId is
 * refused with 标段不存在 (decision 0075). The lead wires `modules/trading/public.ts`
 * `sectionSummary` here.
 */
const SECTIONS: SectionDirectory = NO_SECTIONS;

/** 场地预约 (decision 0075): rooms, half-day cells, bookings with approval, locks. */
export const VENUES_MODULE: BusinessModule = {
  name: 'venues',
  async routes(app, { db }) {
    await app.register(venueRoutes, { venues: new VenueService(db, SECTIONS) });
  },
  async demo(seed) {
    await seedDemoVenues(seed, new VenueService(seed.db, SECTIONS));
  },
};
