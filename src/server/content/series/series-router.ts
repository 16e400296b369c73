import { seriesInputSchema } from '../../../domain/series.schema.js';
import { createSeries, deleteSeries, listSeries, updateSeries } from './series-repository.js';
import { router } from '../../trpc/trpc.js';
import { contentProcedures } from '../content-procedures.js';

export const seriesRouter = router(
  contentProcedures({
    name: 'Series',
    cacheKey: 'series',
    inputSchema: seriesInputSchema,
    list: listSeries,
    create: createSeries,
    update: updateSeries,
    remove: deleteSeries,
  }),
);
