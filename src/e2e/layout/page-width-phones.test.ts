import { describeEveryPageFits } from './page-width.js';

// Every page loaded at 375 px and measured again at 320 px (page-width.ts).
describeEveryPageFits(['mobile', 'narrow']);
