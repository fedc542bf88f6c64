// Shared set-up for unit tests (jsdom).
import { configure } from '@testing-library/react';

// `findBy…` and `waitFor` give up after 1 s by default. With the unit files running side by side on a
// 2-core machine that also builds, a page's chain of lazy imports and answers can take longer than that
// (CI failed twice here on kycScreens with load ~5). What they wait for is unchanged; they wait longer.
configure({ asyncUtilTimeout: 5_000 });
