// No zod here: the first screen reads this table (src/stores/origin.ts), and the entry must not load zod.

/**
 * What each host's web view can do (issue 36). Maya's mini-app view has no camera, no file picker, no new
 * tab and no external browser (Maya's business rules); a flow that needs one hands off by a deep link.
 */
export interface HostCapabilities {
  camera: boolean;
  filePicker: boolean;
  externalLinks: boolean;
  newTabs: boolean;
  push: boolean;
  serviceWorker: boolean;
  /** Google and Apple sign-in: refused inside embedded web views (Google's disallowed_useragent), offered in a browser. */
  socialLogin: boolean;
}

const FULL: HostCapabilities = {
  camera: true,
  filePicker: true,
  externalLinks: true,
  newTabs: true,
  push: true,
  serviceWorker: true,
  socialLogin: true,
};

export const HOST_CAPABILITIES: Record<'browser' | 'maya' | 'glife' | 'lazada' | 'viber' | 'native', HostCapabilities> = {
  browser: FULL,
  maya: { camera: false, filePicker: false, externalLinks: false, newTabs: false, push: false, serviceWorker: false, socialLogin: false },
  // Alipay+ containers offer a chooseImage bridge but no getUserMedia, and no service worker in the web view.
  glife: { camera: false, filePicker: true, externalLinks: false, newTabs: false, push: false, serviceWorker: false, socialLogin: false },
  lazada: { camera: false, filePicker: true, externalLinks: false, newTabs: false, push: false, serviceWorker: false, socialLogin: false },
  // Viber opens links in its in-app browser or the phone's browser: a browser.
  viber: FULL,
  // Android WebView has no Push API and may have no service worker (PARTNERS.md).
  native: { camera: true, filePicker: true, externalLinks: true, newTabs: false, push: false, serviceWorker: false, socialLogin: false },
};
