/**
 * A way for code outside React (the API client's effects, the service-worker wiring) to move the player
 * to another page without importing the router: the router registers itself here at start.
 */
type Navigate = (href: string, options?: { replace?: boolean }) => void;

let navigator: Navigate = (href) => {
  location.assign(href);
};

export function registerNavigator(navigate: Navigate): void {
  navigator = navigate;
}

export function navigateTo(href: string, options?: { replace?: boolean }): void {
  navigator(href, options);
}

/** The customer-service page (spec §2 /live-support), reached from every dialog's Customer Service button. */
export const CUSTOMER_SERVICE_PATH = '/live-support';
