/**
 * A plain file from the network (not a call: an image, a static list). Every network read of the page
 * goes through src/api (lint: no raw fetch elsewhere), so it has one place to be watched and replaced.
 */
export function fetchFile(url: string, init?: RequestInit): Promise<Response> {
  return fetch(url, init);
}
