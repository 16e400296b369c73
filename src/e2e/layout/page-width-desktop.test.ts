import { describeEveryPageFits } from './page-width.js';

// Every page at 1280 px (page-width.ts).
describeEveryPageFits(['desktop']);
