/** The path of a URL, without query and trailing slash: how routes are compared on the client. */
export function pathOf(url: string): string {
  return new URL(url, 'http://localhost').pathname.replace(/\/+$/, '') || '/';
}
