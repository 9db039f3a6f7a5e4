import type { BusinessModule } from '../../engine/modules.ts';
import { seedDemoVenues } from './demo.ts';
import { venueRoutes } from './routes.ts';
import { tradingSections } from './sections.ts';
import { VenueService } from './service.ts';

/** 场地预约 (decision 0075): rooms, half-day cells, bookings with approval, locks. */
export const VENUES_MODULE: BusinessModule = {
  name: 'venues',
  async routes(app, { db }) {
    await app.register(venueRoutes, { venues: new VenueService(db, tradingSections(db)) });
  },
  async demo(seed) {
    await seedDemoVenues(seed, new VenueService(seed.db, tradingSections(seed.db)));
  },
};
