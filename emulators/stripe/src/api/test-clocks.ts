/** Test Clocks (`/v1/test_helpers/test_clocks`): create, list, retrieve, delete, advance. */
import { newClock, getClock } from '../resources/clock-records';
import { newBatch } from '../core/context';
import { invalidRequest } from '../core/errors';
import { rejectUnknown, required, asInteger, asString } from '../core/params';
import { listRoute, NO_EXPANDERS, retrieveRoute, readExpand } from './resource-routes';
import { type Route, ok } from './route';
import { deleteClock, startAdvance } from '../resources/test-clocks';

const CLOCK_PATH = /^\/v1\/test_helpers\/test_clocks\/([^/]+)$/;

export const testClockRoutes: Route[] = [
  {
    method: 'POST',
    path: /^\/v1\/test_helpers\/test_clocks$/,
    handle(standIn, { form, origin }) {
      readExpand(form, ['frozen_time', 'name', 'expand'], {});
      const frozenTime = required(asInteger(form.frozen_time, ['frozen_time'], 0), ['frozen_time']);
      const name = asString(form.name, ['name']) ?? null;
      if (name !== null && name.length > 300) throw invalidRequest('The name can have at most 300 characters.', 'name');
      const record = newClock(standIn, frozenTime, name);
      const batch = newBatch(standIn, origin);
      batch.emit('test_helpers.test_clock.created', record.clock, record.now);
      void batch.deliver();
      return ok(record.clock);
    },
  },
  listRoute({
    url: '/v1/test_helpers/test_clocks',
    noun: 'test_helpers.test_clock',
    filters: [],
    expanders: NO_EXPANDERS,
    select: (standIn) => [...standIn.store.clocks.values()],
    objectOf: (_standIn, record) => record.clock,
  }),
  retrieveRoute(CLOCK_PATH, NO_EXPANDERS, (standIn, id) => getClock(standIn, id).clock),
  {
    method: 'DELETE',
    path: CLOCK_PATH,
    handle(standIn, { form, origin }, [id]) {
      rejectUnknown(form, []);
      const record = getClock(standIn, id);
      deleteClock(standIn, record);
      const batch = newBatch(standIn, origin);
      batch.emit('test_helpers.test_clock.deleted', record.clock, record.now);
      void batch.deliver();
      return ok({ id, object: 'test_helpers.test_clock', deleted: true });
    },
  },
  {
    method: 'POST',
    path: /^\/v1\/test_helpers\/test_clocks\/([^/]+)\/advance$/,
    handle(standIn, { form, origin }, [id]) {
      readExpand(form, ['frozen_time', 'expand'], {});
      const target = required(asInteger(form.frozen_time, ['frozen_time'], 0), ['frozen_time']);
      const { answer } = startAdvance(standIn, getClock(standIn, id), target, origin);
      return ok(answer);
    },
  },
];
