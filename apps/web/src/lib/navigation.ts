type Navigator = {
  navigate: (to: string) => void;
  /** The path the router shows, which is not window.location under a memory router. */
  getPath: () => string;
};

const browserNavigator: Navigator = {
  navigate: (to) => window.location.assign(to),
  getPath: () => window.location.pathname,
};

let navigator: Navigator = browserNavigator;

/**
 * Lets code outside React (the HTTP client) see and change the page. The app registers its data
 * router here; before that, the browser's location does the job.
 */
export function setNavigator(next: Navigator | null) {
  navigator = next ?? browserNavigator;
}

export function navigateTo(to: string) {
  navigator.navigate(to);
}

export function getCurrentPath() {
  return navigator.getPath();
}

/** Reloads the whole page (new server version, click on the system name). */
export function reloadPage() {
  window.location.reload();
}

/** Accepts only same-origin paths, so a crafted `?redirect=` cannot send a person to another site. */
export function getSafeRedirect(value: string | null | undefined): string | null {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}
