/** Modules the entry evaluates on first use (scripts/vite-on-first-use.ts). */
declare module 'on-first-use:react-dom/client' {
  import type * as client from 'react-dom/client';

  export function load(): typeof client;
}
